/**
 * Text too long for the decoder's field to hold. Chromium edits a textarea in time that grows with
 * its text: with 200,000 short lines in a bare textarea (no script at all) each keystroke is a task
 * of about 0.5 s, and every React commit reads the focused field's selection, which walks the text
 * too. So a paste past these limits is kept here, outside the page's DOM, and decoded from here;
 * the field shows its first lines, read-only.
 */

/** Most lines the field holds and lets you edit (a keystroke there stays near 50 ms on 2 busy cores). */
export const FIELD_MAX_LINES = 20_000;
/** Most characters the field holds and lets you edit. */
export const FIELD_MAX_CHARS = 500_000;
/** Lines of a held text the field shows. */
export const PREVIEW_LINES = 200;
/** Characters of a held text the field shows at most (a few very long lines). */
export const PREVIEW_CHARS = 20_000;

/** A text held outside the field, with what the field shows of it. */
export interface HeldText {
  readonly text: string;
  readonly lines: number;
  /** The first lines, as the field shows them. */
  readonly preview: string;
  readonly previewLines: number;
}

/** Lines in a text (line feeds + 1), counted without splitting it; stops counting past `atMost`. */
export function lineCount(text: string, atMost = Infinity): number {
  let count = 1;
  for (let at = text.indexOf('\n'); at >= 0 && count <= atMost; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** True when the field can hold the text and stay quick to edit. */
export function fitsTheField(text: string): boolean {
  return text.length <= FIELD_MAX_CHARS && lineCount(text, FIELD_MAX_LINES) <= FIELD_MAX_LINES;
}

/** The text held, with the field's preview: its first PREVIEW_LINES lines, at most PREVIEW_CHARS characters. */
export function holdText(text: string): HeldText {
  let end = -1;
  let previewLines = 0;
  while (previewLines < PREVIEW_LINES) {
    const next = text.indexOf('\n', end + 1);
    previewLines++;
    if (next < 0 || next > PREVIEW_CHARS) {
      end = Math.min(text.length, PREVIEW_CHARS);
      break;
    }
    end = next;
  }
  return { text, lines: lineCount(text), preview: text.slice(0, end), previewLines };
}

/** The field's text after a paste over its selection. */
export function withPaste(value: string, selectionStart: number, selectionEnd: number, pasted: string): string {
  return value.slice(0, selectionStart) + pasted + value.slice(selectionEnd);
}
