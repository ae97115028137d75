/**
 * Writes a bench's figures into docs/benchmarks.md, so that the document holds what the script
 * measured rather than a copy of it. Each bench owns one section of the document, between the
 * lines `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->`: the writer replaces what lies
 * between them (a table or two, any notes, and a line saying when, on what and by which command
 * the figures were measured) and leaves every other byte of the document as it was.
 *
 * A bench calls report() at its end: it prints the section and writes it, unless the command line
 * says `--no-write`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { groupDigits } from '../src/model/format.ts';

/** The document the benches write into. */
export const BENCHMARKS_DOC = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));

/** The flag that makes a bench print its section without writing it. */
export const NO_WRITE = '--no-write';

export interface Column {
  readonly title: string;
  /** Figures read best right-aligned; words left (the default). */
  readonly align?: 'left' | 'right';
}

export interface Table {
  /** A line printed above the table, saying what it holds (optional). */
  readonly caption?: string;
  readonly columns: readonly Column[];
  readonly rows: ReadonlyArray<readonly string[]>;
}

/** What a section says about where and when its figures were measured. */
export interface Machine {
  readonly measuredAt: Date;
  readonly node: string;
  readonly cpus: number;
  readonly cpuModel: string;
  /** The 1, 5 and 15 minute load averages when the figures were taken. */
  readonly loadAverage: readonly number[];
}

export interface Section {
  readonly tables: readonly Table[];
  /** Paragraphs after the tables (ratios, what a figure means), each one line. */
  readonly notes?: readonly string[];
  /** The command that measured it, as one types it: `npm run bench -- --jobs 200000`. */
  readonly command: string;
  readonly machine: Machine;
}

/** Raised when the document's markers do not name exactly one section to replace. */
export class SectionError extends Error {
  override readonly name = 'SectionError';
}

/** `value` rounded to `decimals` places, its whole part grouped by thousands: 1855.4 -> "1,855", (85.34, 1) -> "85.3". */
export function figure(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return String(value);
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole, fraction] = fixed.split('.');
  const negative = value < 0 && Number(fixed) !== 0;
  return `${negative ? '-' : ''}${groupDigits(Number(whole))}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** One cell's text, safe inside a table row: a `|` would end the cell, a line break the row. */
function cellText(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

/** A markdown table with its columns padded to one width, so that it also reads as plain text. */
export function markdownTable(table: Table): string {
  const width = table.columns.length;
  const rows = table.rows.map((row, index) => {
    if (row.length !== width) throw new Error(`row ${index + 1} has ${row.length} cells for ${width} columns`);
    return row.map(cellText);
  });
  const titles = table.columns.map((column) => cellText(column.title));
  const widths = titles.map((title, column) => Math.max(3, title.length, ...rows.map((row) => row[column]!.length)));
  const right = table.columns.map((column) => column.align === 'right');
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (right[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, column) => (right[column] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(titles), rule, ...rows.map(line)].join('\n');
}

/** "Measured <ISO date> on <node>, <n> x <cpu>, load average <1 / 5 / 15 min>; `<command>`". */
export function measuredLine(machine: Machine, command: string): string {
  const load = machine.loadAverage.map((n) => n.toFixed(1)).join(' / ');
  return (
    `Measured ${machine.measuredAt.toISOString()} on Node ${machine.node}, ${machine.cpus} x ${machine.cpuModel}, ` +
    `load average ${load}; \`${command}\``
  );
}

/** The text that goes between a section's markers, without the blank lines around it. */
export function sectionText(section: Section): string {
  const parts = section.tables.map((table) =>
    table.caption === undefined ? markdownTable(table) : `${table.caption}\n\n${markdownTable(table)}`,
  );
  return [...parts, ...(section.notes ?? []), measuredLine(section.machine, section.command)].join('\n\n');
}

const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function startMarker(name: string): string {
  return `<!-- bench:${name}:start -->`;
}

export function endMarker(name: string): string {
  return `<!-- bench:${name}:end -->`;
}

/** Where `marker` stands in `doc`, if it stands there exactly once. */
function onlyPlace(doc: string, marker: string, name: string): number {
  const at = doc.indexOf(marker);
  if (at < 0) throw new SectionError(`the document has no marker ${marker}: add the bench's section "${name}" first`);
  if (doc.indexOf(marker, at + marker.length) >= 0)
    throw new SectionError(`the marker ${marker} stands more than once in the document: keep one`);
  return at;
}

/**
 * `doc` with the text between the markers of section `name` replaced by `text`, set off by a blank
 * line on each side. Everything outside the markers, the markers included, is kept byte for byte.
 * Throws a SectionError when a marker is missing or doubled, or the end comes before the start.
 */
export function replaceSection(doc: string, name: string, text: string): string {
  if (!NAME.test(name)) throw new SectionError(`"${name}" is not a section name (lower-case words joined by -)`);
  if (text.includes('<!-- bench:'))
    throw new SectionError(`the figures for "${name}" contain a section marker: they would break the document's sections`);
  const start = startMarker(name);
  const end = endMarker(name);
  const from = onlyPlace(doc, start, name) + start.length;
  const to = onlyPlace(doc, end, name);
  if (to < from) throw new SectionError(`the marker ${end} comes before ${start}`);
  return `${doc.slice(0, from)}\n\n${text.trim()}\n\n${doc.slice(to)}`;
}

/** This machine, now. */
export function currentMachine(): Machine {
  const all = cpus();
  return {
    measuredAt: new Date(),
    node: process.version,
    cpus: all.length,
    cpuModel: all[0]?.model.trim() || 'unknown CPU',
    loadAverage: loadavg(),
  };
}

/** The command a bench was run by: `npm run <script>`, then its arguments after `--` (the writer's own flag left out). */
export function benchCommand(script: string, args: readonly string[] = process.argv.slice(2)): string {
  const own = args.filter((arg) => arg !== NO_WRITE);
  return own.length === 0 ? `npm run ${script}` : `npm run ${script} -- ${own.join(' ')}`;
}

/** Replaces section `name` of the document at `file` with `text` (read, replace, write back). */
export function writeSection(name: string, text: string, file = BENCHMARKS_DOC): void {
  const doc = readFileSync(file, 'utf8');
  writeFileSync(file, replaceSection(doc, name, text));
}

/**
 * What a bench calls at its end: prints its section and writes it into docs/benchmarks.md, unless
 * `--no-write` is on the command line or `write` is false (a partial run that measures only some of
 * what the section shows).
 */
export function report(
  name: string,
  figures: { script: string; tables: readonly Table[]; notes?: readonly string[]; write?: boolean },
): void {
  const text = sectionText({
    tables: figures.tables,
    notes: figures.notes,
    command: benchCommand(figures.script),
    machine: currentMachine(),
  });
  const writes = figures.write !== false && !process.argv.includes(NO_WRITE);
  console.log(`\n${text}\n`);
  if (!writes) {
    console.log(`(not written to docs/benchmarks.md: ${figures.write === false ? 'a partial run' : NO_WRITE})`);
    return;
  }
  writeSection(name, text);
  console.log(`written to docs/benchmarks.md, section "${name}"`);
}
