/**
 * A band score as a whole number in binary, and its recovery written exactly: what the lesson draws.
 *
 * A score is a double, but below 2^53 every whole score is held exactly, so its binary digits are
 * the digits of an integer. BigInt(score) reads that integer without rounding (a double's value is
 * always a whole number times a power of two), which lets the drawn bits and the recovery's text be
 * exact where a printed float would round.
 */
import { BAND_SLOTS } from './score.ts';
import { SIGNIFICAND_BITS } from './cliff.ts';

/** Bits of the slot field: 0x1000 = 2^12. */
export const SLOT_BITS = 12;

/** The field a bit belongs to: the fire-time's millisecond above, the slot inside it below. */
export type BitField = 'ms' | 'slot';

/** One drawn bit. */
export interface DrawnBit {
  /** Its place: 0 is the lowest bit (worth 1), 12 the fire-time's lowest. */
  readonly place: number;
  readonly value: 0 | 1;
  readonly field: BitField;
  /**
   * Below the 53 bits a double keeps from the leading 1: a double cannot hold this place, so a
   * score needing it is rounded (past the cliff the lowest bits of every stored score are 0).
   */
  readonly rounded: boolean;
}

/** A whole number laid out as the lesson draws a score. */
export interface BitLayout {
  /** The number, exactly. */
  readonly value: bigint;
  /** How many places are drawn: at least 53 (all a double holds), more when the number needs them. */
  readonly width: number;
  /** The binary digits the number needs (its leading 1 is at place length - 1; 0 for zero). */
  readonly length: number;
  /** The places a double holds from the leading 1: from `heldTop` down to `heldBottom`. */
  readonly heldTop: number;
  readonly heldBottom: number;
  /** Places below heldBottom holding a 1: a double cannot store this number, it rounds it. */
  readonly needsRounding: boolean;
  /** Most significant place first (place width - 1 down to 0). */
  readonly bits: readonly DrawnBit[];
}

/** The binary digits a non-negative whole number needs. */
function bitLength(value: bigint): number {
  return value === 0n ? 0 : value.toString(2).length;
}

/**
 * Lays out a non-negative whole number in at least 53 places: the low twelve the slot field, the
 * rest the millisecond, and which low places fall outside the 53 a double keeps.
 */
export function bitLayout(value: bigint): BitLayout {
  if (value < 0n) throw new RangeError('a band score drawn in binary is not negative');
  const length = bitLength(value);
  const width = Math.max(SIGNIFICAND_BITS, length);
  const heldTop = Math.max(length, SIGNIFICAND_BITS) - 1;
  const heldBottom = heldTop - SIGNIFICAND_BITS + 1;
  const digits = value.toString(2).padStart(width, '0');
  const bits: DrawnBit[] = [];
  let needsRounding = false;
  for (let i = 0; i < width; i++) {
    const place = width - 1 - i;
    const value01 = digits[i] === '1' ? 1 : 0;
    const rounded = place < heldBottom;
    if (rounded && value01 === 1) needsRounding = true;
    bits.push({ place, value: value01, field: place < SLOT_BITS ? 'slot' : 'ms', rounded });
  }
  return { value, width, length, heldTop, heldBottom, needsRounding, bits };
}

/** A stored score (a double holding a whole number) laid out in binary; null when it is not a non-negative whole number. */
export function scoreBitLayout(score: number): BitLayout | null {
  if (!Number.isInteger(score) || score < 0) return null;
  return bitLayout(BigInt(score));
}

/** The binary digits of a layout's field (the millisecond's or the slot's), most significant first. */
export function fieldDigits(layout: BitLayout, field: BitField): string {
  const digits = layout.bits
    .filter((bit) => bit.field === field)
    .map((bit) => String(bit.value))
    .join('');
  // the millisecond's leading zeros are only the width of the drawing; the slot field is always twelve places
  return field === 'ms' ? digits.replace(/^0+(?=.)/, '') : digits;
}

/**
 * The score the arithmetic means, before a double rounds it: fire-time × 0x1000 + slot, in exact
 * integers (past the cliff the stored score differs from it).
 */
export function exactScore(fireTime: number, slot: number): bigint {
  return BigInt(fireTime) * BigInt(BAND_SLOTS) + BigInt(slot);
}

/** 10^12 / 4096 = 5^12: k/4096 written in decimal has at most twelve places, all exact. */
const FIVE_TO_TWELVE = 244_140_625n;

/** getNextDelayedTimestamp's `score / 0x1000`, written exactly, and what Redis hands back for it. */
export interface ExactRecovery {
  /** The score, exactly. */
  readonly score: bigint;
  /** The quotient's whole part: the fire-time's millisecond. */
  readonly whole: bigint;
  /** The remainder: the slot, k in k/4096. */
  readonly slot: number;
  /** score / 0x1000 in decimal, every digit exact (no fraction when the slot is 0). */
  readonly decimal: string;
  /** The integer reply Redis makes of the script's number (a C cast: truncated toward zero). */
  readonly reply: bigint;
}

/**
 * score / 0x1000 exactly: a division by a power of two, so the double Lua computes holds the
 * quotient without rounding, and it is whole + slot/4096. Redis turns a Lua number returned from a
 * script into an integer reply by truncating it, so the reply is the whole part. Null for a score
 * that is not a whole number (no band score is).
 */
export function exactRecovery(score: number): ExactRecovery | null {
  if (!Number.isInteger(score)) return null;
  const exact = BigInt(score);
  const negative = exact < 0n;
  const magnitude = negative ? -exact : exact;
  const slots = BigInt(BAND_SLOTS);
  const wholeMagnitude = magnitude / slots;
  const slot = Number(magnitude % slots);
  const sign = negative ? '-' : '';
  const fraction = (BigInt(slot) * FIVE_TO_TWELVE).toString().padStart(12, '0').replace(/0+$/, '');
  const decimal = `${sign}${wholeMagnitude}${fraction === '' ? '' : `.${fraction}`}`;
  const whole = negative ? -wholeMagnitude : wholeMagnitude;
  return { score: exact, whole, slot, decimal, reply: whole };
}
