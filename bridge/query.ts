/**
 * A request's query read once, by a schema (zod), into the typed value its route works with: a
 * route never reads URLSearchParams itself. A parameter may be given more than once: a single one
 * takes its first value, as URLSearchParams.get does; a list takes them all. A query that does not
 * fit gives the first problem's message, which names the parameter.
 */
import { z } from 'zod';
import { MAX_KEY_BYTES } from '../src/model/bridgeWire.ts';
import type { ScoreScheme } from '../src/model/doctor/scheme.ts';
import { MAX_SCAN_CURSOR } from './replies.ts';

/** The parsed query, or the message saying what is wrong with it. */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/** Reads `query` with `schema`: each parameter as the list of its values. */
export function parseQuery<T>(schema: z.ZodType<T>, query: URLSearchParams): Parsed<T> {
  const values: Record<string, string[]> = {};
  for (const [name, value] of query) (values[name] ??= []).push(value);
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? 'the query is not one this route reads' };
}

/** A parameter given once (its first value if repeated), or null when left out. */
export const single = z
  .array(z.string())
  .optional()
  .transform((values) => values?.[0] ?? null);

/** Every value of a repeated parameter, in order (none when left out). */
export const list = z
  .array(z.string())
  .optional()
  .transform((values) => values ?? []);

/** Base64url as the bridge gives names (no padding), decoded; `message` names the parameter. */
export const base64urlBytes = (message: string) =>
  z
    .string()
    .refine((text) => /^[A-Za-z0-9_-]*$/.test(text) && text.length % 4 !== 1, message)
    .transform((text) => Buffer.from(text, 'base64url'));

/** A flag that is 1 or left out; `message` says what it does. */
export const flag = (message: string) =>
  single.refine((text) => text === null || text === '1', message).transform((text) => text === '1');

/** A SCAN cursor as a previous reply gave it ('0' when left out). */
export const cursor = single
  .refine(
    (text) => text === null || (/^\d{1,20}$/.test(text) && BigInt(text) <= MAX_SCAN_CURSOR),
    `cursor must be the digits a previous reply gave (0 to ${MAX_SCAN_CURSOR})`,
  )
  .transform((text) => text ?? '0');

/** A whole number from 0 to `max` (`fallback` when left out). */
export const whole = (name: string, fallback: number, max: number) =>
  single
    .refine(
      (text) => text === null || (/^\d{1,10}$/.test(text) && Number(text) <= max),
      `${name} must be a whole number from 0 to ${max}`,
    )
    .transform((text) => (text === null ? fallback : Number(text)));

/** Whole milliseconds (optional, may be negative), null when left out or empty. */
export const ms = (name: string) =>
  single
    .refine(
      (text) => text === null || text === '' || (/^-?\d{1,16}$/.test(text) && Number.isSafeInteger(Number(text))),
      `${name} must be whole milliseconds (a safe integer)`,
    )
    .transform((text) => (text === null || text === '' ? null : Number(text)));

const SCHEMES = ['band', 'id-counter', 'bare-ms'] as const satisfies readonly ScoreScheme[];

/** How the set's scores encode fire-times; `fallback` when left out (null: the route decides). */
export const scheme = <F extends ScoreScheme | null>(fallback: F) =>
  single
    .pipe(z.enum(SCHEMES, `scheme must be one of ${SCHEMES.join(', ')}`).nullable())
    .transform((chosen) => chosen ?? fallback);

/** The key a request names: ?key64= (its bytes, base64url) or ?key= (text, sent as UTF-8), checked for length. */
export const keyParams = {
  key64: single.pipe(base64urlBytes('key64 must be base64url (A-Z a-z 0-9 - _, no padding), as /api/keys gives it').nullable()),
  key: single,
};

/** Fails the parse with `message` (the value returned is never used). */
export function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** The key of `keyParams`' values; an empty or too long key is an issue on `ctx` (the parse fails). */
export function requestedKey(
  values: { readonly key64: Buffer | null; readonly key: string | null },
  ctx: z.RefinementCtx,
): Buffer {
  const key = values.key64 ?? Buffer.from(values.key ?? '', 'utf8');
  if (key.length > 0 && key.length <= MAX_KEY_BYTES) return key;
  return refuse(
    ctx,
    key.length === 0
      ? 'name a key: ?key64=<base64url, as /api/keys gives it> or ?key=<text>'
      : `the key is longer than ${MAX_KEY_BYTES} bytes`,
  );
}

const COLON = 0x3a;

/** A queue named `<prefix>:<name>`, as bytes. */
export interface QueueName {
  readonly prefix: Buffer;
  readonly name: Buffer;
}

/** `<prefix>:<name>` split at its last colon, or null when either part is empty. */
export function queueNameOf(bytes: Buffer): QueueName | null {
  const split = bytes.lastIndexOf(COLON);
  if (split <= 0 || split === bytes.length - 1) return null;
  return { prefix: bytes.subarray(0, split), name: bytes.subarray(split + 1) };
}
