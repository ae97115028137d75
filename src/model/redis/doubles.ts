/**
 * Number text in and out of Redis, byte for byte as Redis 7.0.15 on glibc does it:
 * - parseScoreArg: util.c string2d (ZADD and ZINCRBY scores),
 * - parseRangeBound: t_zset.c zslParseRange (ZRANGEBYSCORE / ZCOUNT min and max),
 * - parseIntegerArg: util.c string2ll (LIMIT offset count, ranks, counts),
 * - formatScore: networking.c addReplyDouble ("%.17g" in 7.0; 7.2's d2string + fpconv_dtoa),
 * - luaNumberArg: script_lua.c, a Lua number passed to redis.call ("%.17g" in 7.0).
 *
 * The parsers share one scanner that accepts what glibc strtod accepts in the C locale:
 * leading white space, a sign, decimal digits with an optional point and exponent, hex digits
 * after 0x with an optional binary exponent after p, inf / infinity / nan(...) in any case.
 * Decimal text is converted with Number(), which rounds correctly as glibc does; hex text is
 * rounded here, half to even, through BigInt.
 */

/** Which Redis prints the reply: 7.0 ("%.17g") or 7.2+ (integers, else shortest digits). */
export type ScoreFormat = '7.0' | '7.2';

// ---- the strtod scanner ----

/** Result of the last scan(); module state instead of an object keeps the hot path allocation-free. */
let scanValue = 0;
/** Index after the last character strtod would consume; the start index when nothing converts. */
let scanEnd = 0;
/** strtod would set errno = ERANGE: finite text overflowed to inf, or non-zero text underflowed to 0. */
let scanOutOfRange = false;

/** C isspace in the C locale: space, \t, \n, \v, \f, \r. */
function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function hexDigitValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** True when text[at..] starts with `word` (lower case), ignoring ASCII case. */
function startsWithWord(text: string, at: number, word: string): boolean {
  if (at + word.length > text.length) return false;
  for (let i = 0; i < word.length; i++) {
    if ((text.charCodeAt(at + i) | 0x20) !== word.charCodeAt(i)) return false;
  }
  return true;
}

/** glibc strtod over text[start..]: sets scanValue, scanEnd and scanOutOfRange. */
function scan(text: string, start: number): void {
  scanValue = 0;
  scanEnd = start;
  scanOutOfRange = false;
  const length = text.length;
  let i = start;
  while (i < length && isSpace(text.charCodeAt(i))) i++;
  const signAt = i;
  let negative = false;
  if (i < length && (text.charCodeAt(i) === 43 || text.charCodeAt(i) === 45)) {
    negative = text.charCodeAt(i) === 45;
    i++;
  }
  if (startsWithWord(text, i, 'inf')) {
    scanValue = negative ? -Infinity : Infinity;
    scanEnd = startsWithWord(text, i + 3, 'inity') ? i + 8 : i + 3;
    return;
  }
  if (startsWithWord(text, i, 'nan')) {
    scanValue = NaN;
    scanEnd = i + 3;
    if (text.charCodeAt(i + 3) === 40) {
      let j = i + 4;
      while (j < length) {
        const c = text.charCodeAt(j);
        if (!(isDigit(c) || ((c | 0x20) >= 97 && (c | 0x20) <= 122) || c === 95)) break;
        j++;
      }
      if (text.charCodeAt(j) === 41) scanEnd = j + 1;
    }
    return;
  }
  if (text.charCodeAt(i) === 48 && (text.charCodeAt(i + 1) | 0x20) === 120 && scanHex(text, i + 2, negative)) return;
  scanDecimal(text, signAt, i);
}

/** The decimal branch: digits [. digits] [e [sign] digits], converted by Number(). */
function scanDecimal(text: string, signAt: number, at: number): void {
  const length = text.length;
  let i = at;
  let digits = 0;
  let nonZero = false;
  while (i < length && isDigit(text.charCodeAt(i))) {
    if (text.charCodeAt(i) !== 48) nonZero = true;
    i++;
    digits++;
  }
  if (i < length && text.charCodeAt(i) === 46) {
    i++;
    while (i < length && isDigit(text.charCodeAt(i))) {
      if (text.charCodeAt(i) !== 48) nonZero = true;
      i++;
      digits++;
    }
  }
  if (digits === 0) return; // no conversion: scanEnd stays at the start, before any white space
  if (i < length && (text.charCodeAt(i) | 0x20) === 101) {
    let j = i + 1;
    if (j < length && (text.charCodeAt(j) === 43 || text.charCodeAt(j) === 45)) j++;
    if (j < length && isDigit(text.charCodeAt(j))) {
      while (j < length && isDigit(text.charCodeAt(j))) j++;
      i = j;
    }
  }
  scanEnd = i;
  scanValue = Number(signAt === 0 && i === length ? text : text.slice(signAt, i));
  scanOutOfRange = (nonZero && scanValue === 0) || scanValue === Infinity || scanValue === -Infinity;
}

/**
 * The hex branch after "0x": hex digits [. hex digits] [p [sign] digits]. Returns false when no
 * hex digit follows, in which case strtod reads just the "0" (the caller then scans decimal).
 */
function scanHex(text: string, at: number, negative: boolean): boolean {
  const length = text.length;
  let i = at;
  while (i < length && hexDigitValue(text.charCodeAt(i)) >= 0) i++;
  let mantissa = text.slice(at, i);
  let fractionDigits = 0;
  if (i < length && text.charCodeAt(i) === 46) {
    const fractionAt = ++i;
    while (i < length && hexDigitValue(text.charCodeAt(i)) >= 0) i++;
    fractionDigits = i - fractionAt;
    mantissa += text.slice(fractionAt, i);
  }
  if (mantissa.length === 0) return false;
  let binaryExponent = 0;
  if (i < length && (text.charCodeAt(i) | 0x20) === 112) {
    let j = i + 1;
    let expNegative = false;
    if (j < length && (text.charCodeAt(j) === 43 || text.charCodeAt(j) === 45)) expNegative = text.charCodeAt(j++) === 45;
    if (j < length && isDigit(text.charCodeAt(j))) {
      while (j < length && isDigit(text.charCodeAt(j))) {
        // saturate: past a billion the result is 0 or inf whatever the mantissa
        if (binaryExponent < 1e9) binaryExponent = binaryExponent * 10 + (text.charCodeAt(j) - 48);
        j++;
      }
      if (expNegative) binaryExponent = -binaryExponent;
      i = j;
    }
  }
  scanEnd = i;
  const magnitude = roundBinary(BigInt('0x' + mantissa), binaryExponent - 4 * fractionDigits);
  scanValue = negative ? -magnitude : magnitude;
  scanOutOfRange = magnitude === Infinity || (magnitude === 0 && /[1-9a-f]/i.test(mantissa));
  return true;
}

/** The double nearest to m * 2^e (ties to even), Infinity past the largest double. */
function roundBinary(m: bigint, e: number): number {
  if (m === 0n) return 0;
  const top = m.toString(2).length - 1 + e; // exponent of the leading bit
  if (top > 1024) return Infinity;
  if (top < -1080) return 0;
  const lsb = Math.max(top - 52, -1074); // exponent of the last bit a double can keep here
  const drop = lsb - e;
  if (drop <= 0) return Number(m) * 2 ** e;
  let kept = m >> BigInt(drop);
  const rest = m - (kept << BigInt(drop));
  const half = 1n << BigInt(drop - 1);
  if (rest > half || (rest === half && (kept & 1n) === 1n)) kept += 1n;
  // kept < 2^54 and 2^lsb is a double, so the product is exact unless it overflows to Infinity
  return Number(kept) * 2 ** lsb;
}

/**
 * The value of text that is an optional '-' then at most 16 digits, when it rounds to at most 2^53
 * in magnitude; NaN for any other text. strtod (and so Lua's tonumber and Redis's string2d) reads
 * such text as this very number: the two parts below 10^8 are exact, and so is high * 10^8 (a
 * multiple of 256 below 2^54), so the one addition is the only rounding, as strtod's. The fast path
 * of the number parsers, for the whole-number scores and bounds scripts send; NaN sends them the
 * long way (which also sees larger numbers, out of range or not, rounded as strtod rounds them).
 */
export function plainIntegerValue(text: string): number {
  const length = text.length;
  const negative = text.charCodeAt(0) === 45;
  const start = negative ? 1 : 0;
  if (start === length || length - start > 16) return NaN;
  // all digits but the last eight, then the last eight: two int32 sums (| 0 keeps them int32 for
  // the compiler; eight digits stay below 2^31), one rounding at the end
  const cut = length - start > 8 ? length - 8 : start;
  let high = 0;
  for (let i = start; i < cut; i++) {
    const digit = (text.charCodeAt(i) - 48) | 0;
    if (digit >>> 0 > 9) return NaN;
    high = (high * 10 + digit) | 0;
  }
  let low = 0;
  for (let i = cut; i < length; i++) {
    const digit = (text.charCodeAt(i) - 48) | 0;
    if (digit >>> 0 > 9) return NaN;
    low = (low * 10 + digit) | 0;
  }
  const value = high * 1e8 + low;
  if (value > SAFE_LIMIT) return NaN;
  return negative ? -value : value;
}

// ---- parsers ----

/**
 * util.c string2d, used by ZADD / ZINCRBY for scores: the whole text must be one strtod number,
 * with no leading white space, not NaN, and not out of range (1e400, 1e-400). null stands for
 * "ERR value is not a valid float".
 */
export function parseScoreArg(text: string): number | null {
  const whole = plainIntegerValue(text);
  if (whole === whole) return whole;
  if (text.length === 0 || isSpace(text.charCodeAt(0))) return null;
  scan(text, 0);
  if (scanEnd !== text.length || scanValue !== scanValue || scanOutOfRange) return null;
  return scanValue;
}

/**
 * t_zset.c zslParseRange for one bound of ZRANGEBYSCORE / ZCOUNT: an optional '(' (exclusive),
 * then strtod, accepted when it stops at the end of the text or at a NUL and did not give NaN.
 * Unlike ZADD this takes leading white space (" 5"), the empty text (0) and out-of-range text
 * (1e400 is inf). null stands for "ERR min or max is not a float".
 */
export function parseRangeBound(text: string): { value: number; exclusive: boolean } | null {
  const exclusive = text.charCodeAt(0) === 40;
  const start = exclusive ? 1 : 0;
  if (!exclusive) {
    const whole = plainIntegerValue(text);
    if (whole === whole) return { value: whole, exclusive };
  }
  scan(text, start);
  if ((scanEnd !== text.length && text.charCodeAt(scanEnd) !== 0) || scanValue !== scanValue) return null;
  return { value: scanValue, exclusive };
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * util.c string2ll, used for LIMIT offset and count, ranks and counts: "0", or an optional '-'
 * and digits without a leading zero, fewer than 21 characters, within int64. No '+', no
 * white space, no "-0". The result is a JS number (rounded past 2^53). null stands for
 * "ERR value is not an integer or out of range".
 */
export function parseIntegerArg(text: string): number | null {
  const length = text.length;
  if (length === 0 || length >= 21) return null;
  if (text === '0') return 0;
  const first = text.charCodeAt(0) === 45 ? 1 : 0;
  const lead = text.charCodeAt(first);
  if (!(lead >= 49 && lead <= 57)) return null;
  let value = lead - 48;
  for (let i = first + 1; i < length; i++) {
    const code = text.charCodeAt(i);
    if (!isDigit(code)) return null;
    value = value * 10 + (code - 48);
  }
  // below 16 characters the digits stay under 2^53, so every step above was exact
  if (length < 16) return first === 1 ? -value : value;
  const big = BigInt(text);
  return big < INT64_MIN || big > INT64_MAX ? null : Number(big);
}

// ---- printing ----

/** Output of decompose(): significant digits without leading or trailing zeros, and the power of ten of the first. */
let decomposedDigits = '';
let decomposedExponent = 0;

/** Splits a positive JS number text ("123.4", "0.00012", "1.5e-7", "1e+21") into digits and exponent. */
function decompose(text: string): void {
  const e = text.indexOf('e');
  const mantissa = e < 0 ? text : text.slice(0, e);
  const power = e < 0 ? 0 : Number(text.slice(e + 1));
  const point = mantissa.indexOf('.');
  const integerLength = point < 0 ? mantissa.length : point;
  const all = point < 0 ? mantissa : mantissa.slice(0, point) + mantissa.slice(point + 1);
  let first = 0;
  while (first < all.length - 1 && all.charCodeAt(first) === 48) first++;
  let end = all.length;
  while (end > first + 1 && all.charCodeAt(end - 1) === 48) end--;
  decomposedDigits = all.slice(first, end);
  decomposedExponent = power + integerLength - 1 - first;
}

/** Rounds decomposedDigits to `keep` digits, half to even (the digits are the exact value). */
function roundDigitsHalfEven(keep: number): void {
  const digits = decomposedDigits;
  if (digits.length <= keep) return;
  const next = digits.charCodeAt(keep) - 48;
  let up = next > 5;
  if (next === 5) {
    let restNonZero = false;
    for (let i = keep + 1; i < digits.length; i++) if (digits.charCodeAt(i) !== 48) restNonZero = true;
    up = restNonZero || (digits.charCodeAt(keep - 1) - 48) % 2 === 1;
  }
  let kept = digits.slice(0, keep);
  if (up) {
    let i = keep - 1;
    while (i >= 0 && kept.charCodeAt(i) === 57) i--;
    if (i < 0) {
      kept = '1';
      decomposedExponent++;
    } else {
      kept = kept.slice(0, i) + String.fromCharCode(kept.charCodeAt(i) + 1);
    }
  }
  let end = kept.length;
  while (end > 1 && kept.charCodeAt(end - 1) === 48) end--;
  decomposedDigits = kept.slice(0, end);
}

/** 2^53: up to here String() of a whole number is all its digits. */
const SAFE_LIMIT = 2 ** 53;

/** 2^25: a non-integer double with at most 25 fraction bits may sit exactly halfway at 17 digits. */
const TIE_SCALE = 2 ** 25;

/**
 * C printf("%.17g") of a finite, non-zero magnitude, as glibc prints it: 17 significant digits
 * rounded half to even from the exact binary value, trailing zeros dropped, exponent form when
 * the exponent is below -4 or above 16, with at least two exponent digits.
 */
function printG17(magnitude: number): string {
  if (!Number.isInteger(magnitude) && Number.isInteger(magnitude * TIE_SCALE)) {
    // Exact value has at most 34 digits: take them all and round here, since toPrecision
    // breaks a tie upwards where glibc breaks it to even (2^-25 prints ...312e-08, not ...313).
    decompose(magnitude.toPrecision(40));
    roundDigitsHalfEven(17);
  } else {
    decompose(magnitude.toPrecision(17));
  }
  const digits = decomposedDigits;
  const exponent = decomposedExponent;
  if (exponent < -4 || exponent >= 17) {
    const power = exponent < 0 ? -exponent : exponent;
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${mantissa}e${exponent < 0 ? '-' : '+'}${power < 10 ? '0' : ''}${power}`;
  }
  if (exponent < 0) return `0.${'0'.repeat(-exponent - 1)}${digits}`;
  if (digits.length <= exponent + 1) return digits + '0'.repeat(exponent + 1 - digits.length);
  return `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
}

/**
 * The character codes of one digit of 0..9999, zero-padded, the digit that changes every `step`
 * numbers: digitColumn(1000)[7] is '0', digitColumn(1)[7] is '7'. Filled by native fills and
 * copies, not a loop of divisions: this runs as the module loads, before any JIT has warmed up.
 */
function digitColumn(step: number): Uint8Array {
  const column = new Uint8Array(10_000);
  for (let digit = 0; digit < 10; digit++) column.fill(48 + digit, digit * step, (digit + 1) * step);
  // the first 10 * step entries repeat up to 9999: double the filled part until it is all there
  for (let filled = 10 * step; filled < column.length; filled *= 2) column.copyWithin(filled, 0, filled);
  return column;
}
const THOUSANDS = digitColumn(1000);
const HUNDREDS = digitColumn(100);
const TENS = digitColumn(10);
const ONES = digitColumn(1);

/**
 * The decimal digits of a whole number within +-2^53 (String() gives the same text). From 2^31
 * up, where String() has no integer fast path and costs several times more, the digits come from
 * int32 arithmetic (two halves of eight, four groups of four, each group's digits looked up in the
 * tables above) and are made into one flat string in one call.
 */
function wholeNumberText(value: number): string {
  const magnitude = value < 0 ? -value : value;
  if (magnitude < 2 ** 31) return String(value);
  // int32 halves (below 2^53 / 1e8 < 2^27, and 1e8), so the divisions below compile to integer steps
  const high = Math.floor(magnitude / 1e8) | 0;
  const low = (magnitude - high * 1e8) | 0;
  const a = (high / 1e4) | 0;
  const b = high - a * 1e4;
  const c = (low / 1e4) | 0;
  const d = low - c * 1e4;
  // prettier-ignore
  const digits = String.fromCharCode(
    THOUSANDS[a]!, HUNDREDS[a]!, TENS[a]!, ONES[a]!,
    THOUSANDS[b]!, HUNDREDS[b]!, TENS[b]!, ONES[b]!,
    THOUSANDS[c]!, HUNDREDS[c]!, TENS[c]!, ONES[c]!,
    THOUSANDS[d]!, HUNDREDS[d]!, TENS[d]!, ONES[d]!,
  );
  let first = 0;
  if (high < 1e7) while (digits.charCodeAt(first) === 48) first++;
  const text = first === 0 ? digits : digits.slice(first);
  return value < 0 ? `-${text}` : text;
}

/** "%.17g" as Redis 7.0 uses it for replies and for Lua numbers; NaN as x86 glibc prints the default NaN. */
function formatG17(value: number): string {
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (value !== value) return '-nan';
  if (value === 0) return 1 / value < 0 ? '-0' : '0';
  // whole numbers below 1e17 print as all their digits: wholeNumberText up to 2^53; past that
  // String() would print shortest digits (18014398509481988 as 18014398509481990), BigInt does not
  if (Number.isInteger(value) && value < 1e17 && value > -1e17) {
    return value <= SAFE_LIMIT && value >= -SAFE_LIMIT ? wholeNumberText(value) : BigInt(value).toString();
  }
  return value < 0 ? `-${printG17(-value)}` : printG17(value);
}

/** 2^62 = (double)(LLONG_MAX / 2), the bound of util.c double2ll. */
const DOUBLE2LL_LIMIT = 2 ** 62;

/**
 * Redis 7.2 util.c d2string: nan, inf, -0; whole numbers within +-2^62 as integer digits;
 * otherwise fpconv_dtoa's layout of the shortest round-trip digits.
 */
function formatShortest(value: number): string {
  if (value !== value) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (value === 0) return 1 / value < 0 ? '-0' : '0';
  if (Number.isInteger(value) && value <= DOUBLE2LL_LIMIT && value >= -DOUBLE2LL_LIMIT) {
    return value <= SAFE_LIMIT && value >= -SAFE_LIMIT ? wholeNumberText(value) : BigInt(value).toString();
  }
  decompose(String(value < 0 ? -value : value));
  const text = layoutFpconv(decomposedDigits, decomposedExponent);
  return value < 0 ? `-${text}` : text;
}

/**
 * fpconv_dtoa's emit_digits: for digits D (n of them) worth D * 10^K, with exponent = K + n - 1:
 * plain integer when K >= 0 and |exponent| < n + 7; plain decimal when K < 0 and (K > -7 or
 * |exponent| < 4); otherwise d.ddd then 'e', a sign, and the exponent without padding (1e+20, 1.5e-7).
 */
function layoutFpconv(digits: string, exponent: number): string {
  const n = digits.length;
  const k = exponent - n + 1;
  const power = exponent < 0 ? -exponent : exponent;
  if (k >= 0 && power < n + 7) return digits + '0'.repeat(k);
  if (k < 0 && (k > -7 || power < 4)) {
    const point = n + k;
    if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
    return `${digits.slice(0, point)}.${digits.slice(point)}`;
  }
  const mantissa = n > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${mantissa}e${exponent < 0 ? '-' : '+'}${power}`;
}

/**
 * networking.c addReplyDouble: how a score reads in ZSCORE, ZINCRBY and WITHSCORES replies.
 * '7.0' (default, the server this project checks against) prints "%.17g": 0.1 -> 0.10000000000000001,
 * 1e20 -> 1e+20, 1e-5 -> 1.0000000000000001e-05. '7.2' prints whole numbers within +-2^62 as
 * integers and everything else in shortest round-trip form: 0.1 -> 0.1, 1e20 -> 1e+20, 1e-5 -> 0.00001,
 * 1.5e-7 -> 1.5e-7.
 */
export function formatScore(value: number, format: ScoreFormat = '7.0'): string {
  return format === '7.2' ? formatShortest(value) : formatG17(value);
}

/**
 * script_lua.c (7.0) luaRedisGenericCommand: a Lua number argument of redis.call becomes the text
 * "%.17g" prints, so it reaches the command exactly (7045120004096005 stays 7045120004096005).
 * NaN prints as "-nan", x86's default NaN from 0/0; Lua's -(0/0) would print "nan".
 */
export function luaNumberArg(value: number): string {
  return formatG17(value);
}
