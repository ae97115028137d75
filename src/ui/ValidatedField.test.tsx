import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NumberField, ValidatedField } from './ValidatedField.tsx';
import type { Parsed } from '../session/input.ts';

/** Whole numbers only, as the page's numeric fields read them. */
const parseWhole = (text: string): Parsed<number> =>
  /^\d+$/.test(text) ? { ok: true, value: Number(text) } : { ok: false, message: 'Digits only.' };

function Field({ value, onValid }: { value: string; onValid: (value: number) => void }) {
  return <ValidatedField label="Clock" value={value} parse={parseWhole} onValid={onValid} />;
}

describe('ValidatedField', () => {
  it('keeps its text while it has focus, though the value in effect changes on its own (a live clock)', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    const { rerender } = render(<Field value="1000" onValid={onValid} />);
    const input = screen.getByLabelText<HTMLInputElement>('Clock');
    await user.click(input);
    // everything selected, then the clock ticks before the first key
    act(() => input.setSelectionRange(0, input.value.length));
    rerender(<Field value="2000" onValid={onValid} />);
    expect(input.value).toBe('1000');
    await user.keyboard('42');
    // what was typed replaced the selection: it was not appended to the ticked value
    expect(input.value).toBe('42');
    expect(onValid).toHaveBeenLastCalledWith(42);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the value in effect again once it loses focus, and follows it while it has none', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <>
        <Field value="1000" onValid={() => {}} />
        <button type="button">elsewhere</button>
      </>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Clock');
    await user.click(input);
    rerender(
      <>
        <Field value="2000" onValid={() => {}} />
        <button type="button">elsewhere</button>
      </>,
    );
    expect(input.value).toBe('1000');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input.value).toBe('2000');
    rerender(
      <>
        <Field value="3000" onValid={() => {}} />
        <button type="button">elsewhere</button>
      </>,
    );
    expect(input.value).toBe('3000');
  });

  it('keeps what was typed and its message when it loses focus with bad input', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(
      <>
        <Field value="1000" onValid={onValid} />
        <button type="button">elsewhere</button>
      </>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Clock');
    await user.tripleClick(input);
    await user.keyboard('12x');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input.value).toBe('12x');
    expect(screen.getByRole('alert').textContent).toBe('Digits only.');
    expect(onValid).toHaveBeenLastCalledWith(12);
  });
});

describe('NumberField', () => {
  it('shows the number in effect as text, asks for the numeric keyboard and hands on parsed numbers', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<NumberField label="Rate" value={1000} parse={parseWhole} onValid={onValid} />);
    const input = screen.getByLabelText<HTMLInputElement>('Rate');
    expect(input.value).toBe('1000');
    expect(input.inputMode).toBe('numeric');
    await user.clear(input);
    await user.type(input, '25');
    expect(onValid).toHaveBeenLastCalledWith(25);
  });
});
