import { memo, useId, useState } from 'react';
import type { Parsed } from '../session/input.ts';
import styles from './panel.module.css';

export interface ValidatedFieldProps<T> {
  label: string;
  /** The value in effect, as text (shown when the field does not have focus). */
  value: string;
  parse: (text: string) => Parsed<T>;
  /** Called with each valid value as the user types. */
  onValid: (value: T) => void;
  hint?: string;
  /** The id of a hint outside the field that describes it too (one hint shared with a slider). */
  describedBy?: string;
  inputMode?: 'numeric' | 'text';
  disabled?: boolean;
  testId?: string;
  /** Bump to drop what the user typed (and its message) when the value was set elsewhere. */
  revision?: number;
  /** Label, field and hint on one line (dense layouts such as the stage). */
  inline?: boolean;
}

/**
 * A labelled text field that checks what is typed: a valid value is applied at once, an invalid
 * one shows a message beside the field (aria-invalid, aria-describedby) and leaves the value in
 * effect untouched. What the user types is only ever rendered as text.
 */
function ValidatedFieldView<T>({
  label,
  value,
  parse,
  onValid,
  hint,
  describedBy: sharedHintId,
  inputMode = 'text',
  disabled,
  testId,
  revision = 0,
  inline = false,
}: ValidatedFieldProps<T>) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [seenRevision, setSeenRevision] = useState(revision);
  if (revision !== seenRevision) {
    setSeenRevision(revision);
    setDraft(null);
    setMessage(null);
  }
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', sharedHintId ?? '', message ? messageId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className={inline ? `${styles.field} ${styles.inline}` : styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        spellCheck={false}
        value={draft ?? value}
        disabled={disabled}
        aria-invalid={message !== null}
        aria-describedby={describedBy}
        data-testid={testId}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          const parsed = parse(text);
          if (parsed.ok) {
            setMessage(null);
            onValid(parsed.value);
          } else {
            setMessage(parsed.message);
          }
        }}
        // While the field has focus it keeps the text it had when focus came (plus what is typed):
        // a value that changes on its own (the live clock, every second) re-rendered the input
        // under the user, and a re-render between "select all" and the first key put the caret at
        // the end, so what was typed was appended to the old text (an e2e test caught it once in
        // a few dozen runs: the clock never froze). On blur it shows the value in effect again.
        onFocus={(event) => {
          const shown = event.currentTarget.value;
          setDraft((current) => current ?? shown);
        }}
        onBlur={() => {
          if (message === null) setDraft(null);
        }}
      />
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {message ? (
        <span id={messageId} className={styles.error} role="alert">
          {message}
        </span>
      ) : null}
    </div>
  );
}

/**
 * Memoised: a field re-renders only when its props change, so a parent that re-renders every
 * frame (jobs played at 1,000/s) leaves the input alone. React 19 rewrites an input's name and
 * type on every update (style invalidation each time); pass stable `parse` / `onValid`.
 */
export const ValidatedField = memo(ValidatedFieldView) as typeof ValidatedFieldView;

export type NumberFieldProps = Omit<ValidatedFieldProps<number>, 'value' | 'inputMode'> & {
  /** The number in effect (shown as its text when the field does not have focus). */
  value: number;
};

/** A ValidatedField for a number: it shows the number in effect and asks for the numeric keyboard. */
export const NumberField = memo(function NumberField({ value, ...field }: NumberFieldProps) {
  return <ValidatedField {...field} value={String(value)} inputMode="numeric" />;
});
