/**
 * Presentation of a score's digits: the number the model returned, written in base 2 or 16 with
 * the twelve low bits (the band's slot field) set apart from the millisecond above them.
 */
export interface SplitDigits {
  /** The digits above the low twelve bits (the millisecond). */
  readonly high: string;
  /** The low twelve bits: 12 binary digits or 3 hex digits. */
  readonly low: string;
}

/** Splits a non-negative whole score written in `radix` (2 or 16) at the twelfth bit. */
export function splitLow12(score: number, radix: 2 | 16): SplitDigits {
  const lowDigits = radix === 2 ? 12 : 3;
  const digits = score.toString(radix).padStart(lowDigits, '0');
  return { high: digits.slice(0, -lowDigits), low: digits.slice(-lowDigits) };
}
