import { describe, expect, it } from 'vitest';
import {
  FIELD_MAX_CHARS,
  FIELD_MAX_LINES,
  PREVIEW_CHARS,
  PREVIEW_LINES,
  fitsTheField,
  holdText,
  lineCount,
  withPaste,
} from './heldText.ts';

const linesOf = (n: number) => Array.from({ length: n }, (_, i) => String(7356535848960000 + i)).join('\n');

describe('heldText', () => {
  it('counts lines as line feeds + 1, and stops counting past a bound', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb\nc')]).toEqual([1, 1, 2, 3]);
    expect(lineCount('\n'.repeat(1000), 10)).toBe(11);
  });

  it('lets the field hold up to FIELD_MAX_LINES lines and FIELD_MAX_CHARS characters', () => {
    expect(fitsTheField(linesOf(FIELD_MAX_LINES))).toBe(true);
    expect(fitsTheField(linesOf(FIELD_MAX_LINES + 1))).toBe(false);
    expect(fitsTheField('x'.repeat(FIELD_MAX_CHARS))).toBe(true);
    expect(fitsTheField('x'.repeat(FIELD_MAX_CHARS + 1))).toBe(false);
  });

  it('shows the first PREVIEW_LINES lines of a held text, at most PREVIEW_CHARS characters', () => {
    const text = linesOf(50_000);
    const held = holdText(text);
    expect(held.text).toBe(text);
    expect(held.lines).toBe(50_000);
    expect(held.previewLines).toBe(PREVIEW_LINES);
    expect(held.preview).toBe(text.split('\n').slice(0, PREVIEW_LINES).join('\n'));
    const wide = holdText(`${'x'.repeat(PREVIEW_CHARS * 2)}\nnext`);
    expect([wide.preview.length, wide.previewLines, wide.lines]).toEqual([PREVIEW_CHARS, 1, 2]);
    expect(holdText('a\nb').preview).toBe('a\nb');
  });

  it('pastes over the selection', () => {
    expect(withPaste('abcdef', 2, 4, 'XY\n')).toBe('abXY\nef');
    expect(withPaste('abc', 3, 3, 'd')).toBe('abcd');
  });
});
