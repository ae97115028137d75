import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { INTEGER_ARGS, RANGE_BOUNDS, SCORE_ARGS } from '../../../test-support/redisNumberTexts.ts';
import { formatScore, luaNumberArg, parseIntegerArg, parseRangeBound, parseScoreArg, plainIntegerValue } from './doubles.ts';

// Expected values below were read from redis-server 7.0.15 (and C printf via Python's '%.17g');
// the parse tables in test-support/redisNumberTexts.ts are also sent to one by conformance/doubles.test.ts.

describe('parseScoreArg (string2d)', () => {
  it.each(SCORE_ARGS.taken)('accepts %j as %d', (text, value) => {
    expect(parseScoreArg(text)).toBe(value);
  });

  it('keeps the sign of -0', () => {
    expect(Object.is(parseScoreArg('-0'), -0)).toBe(true);
    expect(Object.is(parseScoreArg('-0x0p0'), -0)).toBe(true);
  });

  it.each(SCORE_ARGS.refused)('rejects %j', (text) => {
    expect(parseScoreArg(text)).toBeNull();
  });

  it('rounds hex text to the nearest double, ties to even', () => {
    // 2^53 + 1 sits halfway between 2^53 and 2^53 + 2: even wins
    expect(parseScoreArg('0x20000000000001')).toBe(2 ** 53);
    expect(parseScoreArg('0x20000000000003')).toBe(2 ** 53 + 4);
    expect(parseScoreArg('0x20000000000001.000001')).toBe(2 ** 53 + 2);
    expect(parseScoreArg('0x1.8p-1074')).toBe(2 * 5e-324);
    expect(parseScoreArg('0x1.4p-1074')).toBe(5e-324);
    expect(parseScoreArg('0x0.0000000000001p-1022')).toBe(5e-324);
  });

  it('reads back every double from its "%.17g" text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (x) => Object.is(parseScoreArg(luaNumberArg(x)), x)),
      { numRuns: 5000 },
    );
  });

  it('reads back every double from exact hex text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const view = new DataView(new ArrayBuffer(8));
        view.setFloat64(0, x);
        const bits = view.getBigUint64(0);
        const biased = Number((bits >> 52n) & 0x7ffn);
        const fraction = bits & 0xfffffffffffffn;
        const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
        const exponent = (biased === 0 ? 1 : biased) - 1075;
        const text = `${x < 0 || Object.is(x, -0) ? '-' : ''}0x${mantissa.toString(16)}p${exponent}`;
        return Object.is(parseScoreArg(text), x);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('parseRangeBound (zslParseRange)', () => {
  it.each(RANGE_BOUNDS.taken)('accepts %j as %d (exclusive %s)', (text, value, exclusive) => {
    expect(parseRangeBound(text)).toEqual({ value, exclusive });
  });

  it.each(RANGE_BOUNDS.refused)('rejects %j', (text) => {
    expect(parseRangeBound(text)).toBeNull();
  });
});

describe('parseIntegerArg (string2ll)', () => {
  it.each(INTEGER_ARGS.taken)('accepts %j', (text, value) => {
    expect(parseIntegerArg(text)).toBe(value);
  });

  it.each(INTEGER_ARGS.refused)('rejects %j', (text) => {
    expect(parseIntegerArg(text)).toBeNull();
  });

  it('agrees with BigInt on random int64 text', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }), (n) => {
        const inRange = n >= -(2n ** 63n) && n < 2n ** 63n;
        return parseIntegerArg(n.toString()) === (inRange ? Number(n) : null);
      }),
    );
  });
});

describe("plainIntegerValue (the parsers' fast path)", () => {
  it('reads an optional minus and digits up to 2^53 as Number() does, -0 and leading zeros included', () => {
    expect(plainIntegerValue('7358400000004095')).toBe(7358400000004095);
    expect(plainIntegerValue('9007199254740992')).toBe(2 ** 53);
    expect(plainIntegerValue('-9007199254740992')).toBe(-(2 ** 53));
    expect(plainIntegerValue('0000000000000012')).toBe(12);
    expect(Object.is(plainIntegerValue('-0'), -0)).toBe(true);
  });

  it('gives NaN, the long way, for anything else', () => {
    for (const text of [
      '',
      '-',
      '+1',
      ' 1',
      '1 ',
      '1.0',
      '1e3',
      '0x1',
      '9007199254740995',
      '99999999999999999',
      '00000000000000001',
      '--1',
      'inf',
    ]) {
      expect(plainIntegerValue(text)).toBeNaN();
    }
  });

  it('never disagrees with Number() on digit strings', () => {
    const digitText = fc
      .tuple(fc.boolean(), fc.stringMatching(/^[0-9]{1,20}$/))
      .map(([negative, digits]) => (negative ? `-${digits}` : digits));
    fc.assert(
      fc.property(digitText, (text) => {
        const value = plainIntegerValue(text);
        const exact = Number(text);
        return Number.isNaN(value) ? Math.abs(exact) > 2 ** 53 || text.replace('-', '').length > 16 : Object.is(value, exact);
      }),
      { numRuns: 3000 },
    );
  });
});

// ---- an exact "%.17g" oracle: BigInt decimal expansion, rounded half to even ----

function exactG17(x: number): string {
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const biased = Number(bits >> 52n);
  const fraction = bits & 0xfffffffffffffn;
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const power2 = (biased === 0 ? 1 : biased) - 1075;
  // value = digits * 10^power10 exactly
  let digits: string;
  let power10: number;
  if (power2 >= 0) {
    digits = (mantissa << BigInt(power2)).toString();
    power10 = 0;
  } else {
    digits = (mantissa * 5n ** BigInt(-power2)).toString();
    power10 = power2;
  }
  let exponent = digits.length - 1 + power10;
  if (digits.length > 17) {
    const head = BigInt(digits.slice(0, 17));
    const tail = digits.slice(17);
    const half = '5'.padEnd(tail.length, '0');
    const up = tail > half || (tail === half && head % 2n === 1n);
    let rounded = (up ? head + 1n : head).toString();
    if (rounded.length > 17) {
      rounded = rounded.slice(0, 17);
      exponent++;
    }
    digits = rounded;
  }
  digits = digits.replace(/0+$/, '') || '0';
  let body: string;
  if (exponent < -4 || exponent >= 17) {
    const mantissaText = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    body = `${mantissaText}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  } else if (exponent < 0) {
    body = `0.${'0'.repeat(-exponent - 1)}${digits}`;
  } else if (digits.length <= exponent + 1) {
    body = digits.padEnd(exponent + 1, '0');
  } else {
    body = `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
  }
  return x < 0 ? `-${body}` : body;
}

describe("formatScore(x, '7.0') = printf %.17g", () => {
  const cases: Array<[number, string]> = [
    [0, '0'],
    [-0, '-0'],
    [Infinity, 'inf'],
    [-Infinity, '-inf'],
    [0.1, '0.10000000000000001'],
    [0.3, '0.29999999999999999'],
    [7e15, '7000000000000000'],
    [1e16, '10000000000000000'],
    [1e17, '1e+17'],
    [1e20, '1e+20'],
    [1e21, '1e+21'],
    [1e-5, '1.0000000000000001e-05'],
    [1e-4, '0.0001'],
    [1e-7, '9.9999999999999995e-08'],
    [0.0001234, '0.00012339999999999999'],
    [123456.789, '123456.789'],
    [1.5, '1.5'],
    [-1.5e-7, '-1.4999999999999999e-07'],
    [123456789012345680, '1.2345678901234568e+17'],
    [2 ** 53 + 2, '9007199254740994'],
    [2 ** 63, '9.2233720368547758e+18'],
    [1e100, '1e+100'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [5e-324, '4.9406564584124654e-324'],
    [1e-310, '9.9999999999999694e-311'],
    [7045120004096005, '7045120004096005'],
    [18014398509481988, '18014398509481988'],
    [2 ** 56 + 16, '72057594037927952'],
    // exact ties at the 18th digit: glibc rounds to even where toPrecision would round up
    [2 ** -25, '2.9802322387695312e-08'],
    [3 * 2 ** -25, '8.9406967163085938e-08'],
    [3 * 2 ** -26, '4.4703483581542969e-08'],
    [1000000000000000.25, '1000000000000000.2'],
    [1000000000000000.75, '1000000000000000.8'],
  ];
  it.each(cases)('prints %d as %s', (x, text) => {
    expect(formatScore(x)).toBe(text);
    expect(formatScore(x, '7.0')).toBe(text);
    expect(luaNumberArg(x)).toBe(text);
  });

  it('prints NaN as glibc prints the x86 default NaN', () => {
    expect(luaNumberArg(NaN)).toBe('-nan');
  });

  const tieProne = fc
    .tuple(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 1, max: 30 }), fc.boolean())
    .map(([m, n, negative]) => (negative ? -m : m) / 2 ** n);

  it('matches an exact BigInt oracle on random doubles', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (x) => formatScore(x) === exactG17(x)),
      { numRuns: 5000 },
    );
  });

  it('prints whole numbers within 2^53 as all their digits, either side of the 2^31 and 10^8 seams', () => {
    for (const x of [2 ** 31 - 1, 2 ** 31, 99999999, 1e8, 1e8 + 1, 1e9, 1e15, 2 ** 53, 2 ** 53 - 1, 7358400000004095]) {
      expect(formatScore(x)).toBe(String(x));
      expect(formatScore(-x)).toBe(String(-x));
      expect(formatScore(x, '7.2')).toBe(String(x));
    }
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        (x) => formatScore(x) === exactG17(x) && formatScore(x, '7.2') === String(x),
      ),
      { numRuns: 5000 },
    );
  });

  it('prints every four-digit group, 0000 to 9999, in each lower place of a 16-digit number, and every one up to 2^53 as its highest', () => {
    for (let group = 0; group < 10_000; group++) {
      // the group as the lowest, second and third four digits, and as the highest while below 2^53
      const places = [1e15 + group, 1e15 + group * 1e4, 1e15 + group * 1e8];
      if (group * 1e12 + 1e11 < 2 ** 53) places.push(group * 1e12 + 1e11);
      for (const x of places) {
        if (formatScore(x) !== String(x)) expect(formatScore(x)).toBe(String(x));
      }
    }
  });

  it('matches the oracle on doubles with few fraction bits, where halfway cases live', () => {
    fc.assert(
      fc.property(tieProne, (x) => formatScore(x) === exactG17(x)),
      { numRuns: 5000 },
    );
  });
});

describe("formatScore(x, '7.2') = d2string with fpconv_dtoa", () => {
  const cases: Array<[number, string]> = [
    [0, '0'],
    [-0, '-0'],
    [Infinity, 'inf'],
    [-Infinity, '-inf'],
    [NaN, 'nan'],
    [0.1, '0.1'],
    [3.3, '3.3'],
    [-0.1, '-0.1'],
    [1.5, '1.5'],
    [7045120004096005, '7045120004096005'],
    [1e10, '10000000000'],
    [18014398509481988, '18014398509481988'],
    [2 ** 62, '4611686018427387904'],
    [-(2 ** 62), '-4611686018427387904'],
    // past 2^62 whole numbers go through fpconv: plain digits while the exponent < digits + 7
    [2 ** 63, '9223372036854776000'],
    [1e19, '1e+19'],
    [1e20, '1e+20'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    // fractions: plain when K > -7 or the exponent is below 4 in size, else d.ddde-N without padding
    [1e-5, '0.00001'],
    [1e-6, '0.000001'],
    [1e-7, '1e-7'],
    [1.5e-7, '1.5e-7'],
    [-1.5e-7, '-1.5e-7'],
    [0.00012, '0.00012'],
    [0.0001234, '1.234e-4'],
    [1234.5678901, '1234.5678901'],
    [123456789.123, '123456789.123'],
    [1000000000000000.25, '1000000000000000.2'],
    [5e-324, '5e-324'],
    [1e-100, '1e-100'],
    [1.2345678901234568e-5, '1.2345678901234568e-5'],
  ];
  it.each(cases)('prints %d as %s', (x, text) => {
    expect(formatScore(x, '7.2')).toBe(text);
  });

  it('round-trips every double', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (x) => Object.is(parseScoreArg(formatScore(x, '7.2')), x)),
      { numRuns: 5000 },
    );
  });
});
