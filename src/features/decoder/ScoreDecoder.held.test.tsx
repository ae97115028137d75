import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ScoreDecoder } from './ScoreDecoder.tsx';
import { FIELD_MAX_LINES, PREVIEW_LINES } from './heldText.ts';

const minScore = Date.UTC(2026, 10, 30, 9, 0, 0, 0) * 0x1000;
const scores = (n: number) => Array.from({ length: n }, (_, i) => String(minScore + (i % 4096))).join('\n');
const big = FIELD_MAX_LINES + 5_000;

function field() {
  return screen.getByLabelText('Scores to decode') as HTMLTextAreaElement;
}

function summary() {
  return screen.getByTestId('decoder-summary').textContent ?? '';
}

/** A paste event as the browser sends it; true when the page left the paste to the browser. */
function paste(text: string): boolean {
  return fireEvent.paste(field(), { clipboardData: { getData: (type: string) => (type === 'text/plain' ? text : '') } });
}

describe('ScoreDecoder with a text too long for the field', () => {
  it('leaves a paste that fits to the browser', () => {
    render(<ScoreDecoder />);
    expect(paste(scores(10))).toBe(true);
    expect(field().readOnly).toBe(false);
  });

  it('holds a long paste outside the field: the field shows its first lines, read-only; every line is decoded', () => {
    render(<ScoreDecoder />);
    fireEvent.change(field(), { target: { value: 'job:0\n' } });
    field().setSelectionRange(6, 6);
    expect(paste(scores(big))).toBe(false);
    expect(field().readOnly).toBe(true);
    const lines = field().value.split('\n');
    expect(lines).toHaveLength(PREVIEW_LINES);
    expect(lines.slice(0, 2)).toEqual(['job:0', String(minScore)]);
    // pasted after the line already there: one list of scores with a line that is no score
    expect(summary()).toMatch(/a list of scores: 25,000 scores.*1 unreadable line/);
    expect(screen.getByTestId('decoder-held').textContent).toMatch(
      /^25,001 lines \([\d,]+ characters\) pasted: too long to edit/,
    );
    expect(within(screen.getByTestId('decoder-rows')).getAllByRole('listitem').length).toBeLessThan(30);
  });

  it('a paste over a held text replaces it; Clear empties the field and makes it editable', () => {
    render(<ScoreDecoder />);
    paste(scores(big));
    expect(summary()).toContain(`${big.toLocaleString('en')} scores`);
    paste(scores(big + 1));
    expect(summary()).toContain(`${(big + 1).toLocaleString('en')} scores`);
    expect(paste(scores(3))).toBe(false);
    expect(field().readOnly).toBe(false);
    expect(field().value).toBe(scores(3));
    expect(summary()).toContain('3 scores');
    paste(scores(big));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(field().readOnly).toBe(false);
    expect(field().value).toBe('');
    expect(summary()).toMatch(/^Nothing to decode/);
  });

  it('holds a long drop as it holds a long paste; a short one is left to the browser', () => {
    render(<ScoreDecoder />);
    const drop = (text: string) => fireEvent.drop(field(), { dataTransfer: { getData: () => text } });
    expect(drop(scores(3))).toBe(true);
    expect(drop(scores(big))).toBe(false);
    expect(field().readOnly).toBe(true);
    expect(summary()).toContain(`${big.toLocaleString('en')} scores`);
  });

  it('holds a long text that arrives as input (drop, autofill) and decodes it on Decode', () => {
    render(<ScoreDecoder />);
    fireEvent.change(field(), { target: { value: scores(big) } });
    expect(field().readOnly).toBe(true);
    expect(field().value.split('\n')).toHaveLength(PREVIEW_LINES);
    fireEvent.click(screen.getByRole('button', { name: 'Decode' }));
    expect(summary()).toContain(`${big.toLocaleString('en')} scores`);
    fireEvent.click(screen.getByRole('button', { name: 'Try an example' }));
    expect(field().readOnly).toBe(false);
    expect(summary()).toContain('16 scores');
  });
});
