/** What the kinds' tokens share: reading a number, an instant, and refusing a token. */
import { parseClock } from '../input.ts';
import type { Parsed } from '../input.ts';

/** A whole number as a link writes it, or a minus sign before one (refused by the field's parser, with its range). */
const INTEGER = /^-?\d+$/;

/**
 * Digits only (no separators in a URL), then the field's own parser. Any run of digits goes to the
 * parser, however long: it is a whole number, and the parser says which range it is outside.
 */
export function number(text: string, parse: (text: string) => Parsed<number>): Parsed<number> {
  if (text === '') return { ok: false, message: 'the number is missing' };
  return INTEGER.test(text) ? parse(text) : { ok: false, message: `"${text.slice(0, 20)}" is not a whole number` };
}

/** The instant after `@` (undefined: none written, which a frozen clock's instant stands for). */
export function instant(text: string | undefined, frozen: number | null): Parsed<number> {
  if (text === undefined)
    return frozen === null ? { ok: false, message: 'a live clock needs @<ms>' } : { ok: true, value: frozen };
  return number(text, parseClock);
}

/** `@<at>`, left out when the clock was frozen at that instant. */
export function instantSuffix(at: number, frozen: number | null): string {
  return frozen === at ? '' : `@${at}`;
}

/** A parsed value made into an operation, or its refusal. */
export function mapParsed<T, U>(parsed: Parsed<T>, make: (value: T) => U): Parsed<U> {
  return parsed.ok ? { ok: true, value: make(parsed.value) } : parsed;
}

export function refuse<T>(message: string): Parsed<T> {
  return { ok: false, message };
}

export function isWholeInRange(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}
