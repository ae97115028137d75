import { describe, expect, it } from 'vitest';
import { exampleCliPaste } from '../../model/decoder/decoderExample.ts';
import { decodePaste } from '../../model/decoder/scoreDecoder.ts';
import { fromDecoded, fromPacked, packPaste, transferablesOf } from './packedPaste.ts';

const texts = {
  example: exampleCliPaste(),
  garbage: '7356535848960000 inf -inf -5 0.5 1764460800000 1e400 junk\n1) "a"',
  empty: '',
};

describe('packPaste / fromPacked', () => {
  for (const [name, text] of Object.entries(texts)) {
    it(`gives back every row and the summary after a structured clone (${name})`, () => {
      const decoded = decodePaste(text);
      const packed = packPaste(decoded);
      const view = fromPacked(structuredClone(packed, { transfer: transferablesOf(packed) }));
      expect(Array.from({ length: view.rowCount }, (_, i) => view.rowAt(i))).toEqual(decoded.rows);
      const { rows, ...summary } = decoded;
      const { rowAt, rowCount, ...viewSummary } = view;
      expect(viewSummary).toEqual(summary);
      expect(rowCount).toBe(rows.length);
      expect(typeof rowAt).toBe('function');
    });
  }

  it('keeps null fire-time and slot of an infinite score apart from finite ones', () => {
    const view = fromPacked(packPaste(decodePaste('inf 7356535848960000')));
    expect(view.rowAt(0)).toMatchObject({ fireTime: null, slot: null, notBandReason: 'infinite: no fire-time' });
    expect(view.rowAt(1)).toMatchObject({ fireTime: 1796029260000, slot: 0, notBandReason: null });
  });
});

describe('fromDecoded', () => {
  it('reads the rows in place', () => {
    const decoded = decodePaste(texts.example);
    const view = fromDecoded(decoded);
    expect(view.rowCount).toBe(16);
    expect(view.rowAt(3)).toBe(decoded.rows[3]);
  });
});
