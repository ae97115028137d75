/**
 * What docs/live-redis.md tells an operator the bridge sends, read from the page itself: the
 * command table of "What the bridge sends to Redis" and the ACL SETUSER line of "An ACL user for
 * the bridge". The conformance files compare them with the allow-list and with what MONITOR and
 * INFO commandstats see, and sign in as the documented user, so the page cannot drift from the code.
 */
import { readFileSync } from 'node:fs';

const page = () => readFileSync(new URL('../docs/live-redis.md', import.meta.url), 'utf8');

/** The section of the page under the heading `title` (to the next heading of its level or above). */
function section(text: string, title: string): string {
  const start = text.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`docs/live-redis.md has no section "${title}"`);
  const rest = text.slice(start + title.length + 5);
  const end = rest.search(/\n## /);
  return end < 0 ? rest : rest.slice(0, end);
}

/** Admin commands are named with their subcommand, as ACL and INFO commandstats name them. */
const WITH_SUBCOMMAND = new Set(['CLIENT', 'CLUSTER']);

/** "ZRANGE ... [WITHSCORES]" -> "ZRANGE"; "CLIENT LIST" -> "CLIENT|LIST". */
function commandOf(code: string): string {
  const [head = '', sub = ''] = code.trim().split(/\s+/);
  const name = head.toUpperCase();
  return WITH_SUBCOMMAND.has(name) ? `${name}|${sub.toUpperCase()}` : name;
}

export interface DocumentedCommand {
  readonly name: string;
  /** Sent by ioredis itself (the handshake, a cluster's slot map), not through the allow-list. */
  readonly byIoredis: boolean;
  /** Sent only by a bridge started with --client-list. */
  readonly optIn: boolean;
}

/** Every command the table names, each once, with who sends it. */
export function documentedCommands(): DocumentedCommand[] {
  const rows = section(page(), 'What the bridge sends to Redis')
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  const found = new Map<string, DocumentedCommand>();
  for (const row of rows) {
    const [, first = '', purpose = ''] = row.split(/(?<!\\)\|/);
    const byIoredis = purpose.trim().startsWith('ioredis');
    const optIn = purpose.includes('--client-list');
    for (const match of first.matchAll(/`([^`]+)`/g)) {
      const name = commandOf(match[1]!);
      if (!found.has(name)) found.set(name, { name, byIoredis, optIn });
    }
  }
  return [...found.values()];
}

/** The rules of the documented ACL SETUSER line (after the user's name), e.g. ['on', '>secret', ..., '+scan', ...]. */
export function documentedAclRules(): string[] {
  const line = section(page(), 'An ACL user for the bridge')
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text.startsWith('ACL SETUSER '));
  if (line === undefined) throw new Error('docs/live-redis.md shows no ACL SETUSER line');
  return line.split(/\s+/).slice(3);
}

/** The rules the page adds for a bridge started with --client-list (written as `+client|list`). */
export function documentedClientListRules(): string[] {
  const text = section(page(), 'An ACL user for the bridge');
  const at = text.indexOf('--client-list');
  const rule = /`(\+client\|list)`/.exec(text.slice(at))?.[1];
  if (at < 0 || rule === undefined) throw new Error('docs/live-redis.md names no rule for --client-list');
  return [rule];
}
