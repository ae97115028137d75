import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exampleCliPaste } from '../../model/decoder/decoderExample.ts';
import { decodePaste } from '../../model/decoder/scoreDecoder.ts';
import type { DecodedPaste } from '../../model/decoder/scoreDecoder.ts';
import type { UnreadableLine } from '../../model/decoder/redisCliOutput.ts';
import { fromDecoded, fromPacked, notReadInOrder, packPaste, packTexts, textAt, transferablesOf } from './packedPaste.ts';
import type { DecodedRows } from './packedPaste.ts';

const texts = {
  example: exampleCliPaste(),
  garbage: '7356535848960000 inf -inf -5 0.5 1764460800000 1e400 junk\n1) "a"',
  prompts:
    '127.0.0.1:6379> ZRANGE k 0 -1 WITHSCORES\n(error) WRONGTYPE\n1) "a"\n2) "7356535848960000"\n3) "b"\n(empty array)\n4) x',
  empty: '',
};

/** The lines not read, as the view listed them before: both lists joined and sorted by line (a stable sort). */
const sortedNotRead = (decoded: DecodedPaste) => [...decoded.unreadable, ...decoded.skipped].sort((a, b) => a.line - b.line);
const notReadOf = (view: DecodedRows) => Array.from({ length: view.notReadCount }, (_, i) => view.notReadAt(i));

/** Every string reachable from a value (arrays and plain objects walked), counted. */
function stringsIn(value: unknown): number {
  if (typeof value === 'string') return 1;
  if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + stringsIn(item), 0);
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value))
    return Object.values(value).reduce<number>((sum, item) => sum + stringsIn(item), 0);
  return 0;
}

describe('packPaste / fromPacked', () => {
  for (const [name, text] of Object.entries(texts)) {
    it(`gives back every row, every line not read and the summary after a transfer (${name})`, () => {
      const decoded = decodePaste(text);
      const packed = packPaste(decoded);
      const view = fromPacked(structuredClone(packed, { transfer: transferablesOf(packed) }));
      expect(Array.from({ length: view.rowCount }, (_, i) => view.rowAt(i))).toEqual(decoded.rows);
      expect(notReadOf(view)).toEqual(sortedNotRead(decoded));
      const { rows, unreadable, skipped, ...summary } = decoded;
      const { rowAt, rowCount, notReadAt, notReadCount, unreadableCount, skippedCount, ...viewSummary } = view;
      expect(viewSummary).toEqual(summary);
      expect([rowCount, unreadableCount, skippedCount]).toEqual([rows.length, unreadable.length, skipped.length]);
      expect(notReadCount).toBe(unreadable.length + skipped.length);
      expect([typeof rowAt, typeof notReadAt]).toEqual(['function', 'function']);
    });
  }

  it('keeps null fire-time and slot of an infinite score apart from finite ones', () => {
    const view = fromPacked(packPaste(decodePaste('inf 7356535848960000')));
    expect(view.rowAt(0)).toMatchObject({ fireTime: null, slot: null, notBandReason: 'infinite: no fire-time' });
    expect(view.rowAt(1)).toMatchObject({ fireTime: 1796029260000, slot: 0, notBandReason: null });
  });

  it('keeps an empty member apart from no member', () => {
    const view = fromPacked(packPaste(decodePaste('\n7356535848960000\nx\n7356535848960001')));
    expect(view.layout).toBe('raw');
    expect([view.rowAt(0).member, view.rowAt(1).member]).toEqual(['', 'x']);
    expect(fromPacked(packPaste(decodePaste('7356535848960000'))).rowAt(0).member).toBeNull();
  });

  it('clones no string per row or per line not read: the columns are transferred buffers', () => {
    const lines = (n: number) =>
      Array.from({ length: n }, (_, i) => `${i % 3 === 0 ? 'junk' : ''}${7356535848960000 + i}`).join('\n');
    const small = packPaste(decodePaste(lines(30)));
    const big = packPaste(decodePaste(lines(3000)));
    expect(big.rows.lines.length).toBe(2000);
    expect(big.notRead.lines.length).toBe(1000);
    // only the small tables (flag sets, reasons, the layout) hold strings
    expect(stringsIn(big)).toBe(stringsIn(small));
    expect(stringsIn(big)).toBeLessThan(20);
    const buffers = transferablesOf(big);
    structuredClone(big, { transfer: buffers });
    expect(buffers.every((buffer) => buffer.byteLength === 0)).toBe(true); // detached: moved, not copied
    expect(big.rows.members.chars.length).toBe(0);
  });
});

describe('packTexts / textAt', () => {
  it('gives back each text, code unit for code unit (lone surrogates, long texts)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { maxLength: 30 }), (list) => {
        const column = packTexts(list.length, (i) => list[i]!);
        expect(list.map((_, i) => textAt(column, i))).toEqual(list);
      }),
    );
    const long = ['a', '\ud800'.repeat(20_000) + 'x'.repeat(5000), ''];
    const column = packTexts(long.length, (i) => long[i]!);
    expect(long.map((_, i) => textAt(column, i))).toEqual(long);
  });
});

describe('notReadInOrder', () => {
  const entry = (line: number, text: string): UnreadableLine => ({ line, text, reason: text });
  const ascendingLines = fc.array(fc.nat(50), { maxLength: 20 }).map((lines) => lines.sort((a, b) => a - b));

  it('is the stable sort of both lists joined, for lists in line order (as readPaste gives them)', () => {
    fc.assert(
      fc.property(ascendingLines, ascendingLines, (a, b) => {
        const unreadable = a.map((line, i) => entry(line, `u${i}`));
        const skipped = b.map((line, i) => entry(line, `s${i}`));
        expect(notReadInOrder(unreadable, skipped)).toEqual([...unreadable, ...skipped].sort((x, y) => x.line - y.line));
      }),
    );
  });

  it('sorts lists that are not in line order', () => {
    const unreadable = [entry(5, 'a'), entry(2, 'b')];
    const skipped = [entry(3, 'c')];
    expect(notReadInOrder(unreadable, skipped).map((e) => e.text)).toEqual(['b', 'c', 'a']);
  });

  it('is worked out once per decode, not at each read', () => {
    const view = fromDecoded(decodePaste(texts.prompts));
    expect(view.notReadAt(0)).toBe(view.notReadAt(0));
    expect(notReadOf(view)).toEqual(sortedNotRead(decodePaste(texts.prompts)));
  });
});

describe('fromDecoded', () => {
  it('reads the rows in place', () => {
    const decoded = decodePaste(texts.example);
    const view = fromDecoded(decoded);
    expect(view.rowCount).toBe(16);
    expect(view.rowAt(3)).toBe(decoded.rows[3]);
    expect(view.skippedCount).toBe(3);
  });
});
