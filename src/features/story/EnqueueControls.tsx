import { memo, useCallback, useId } from 'react';
import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import { selectBatchSize, selectEnqueueError, selectIdPrefix, selectIdStyle, selectNextArrival } from '../../store/scores.ts';
import { ID_STYLES } from '../../session/jobIds.ts';
import type { IdStyle } from '../../session/jobIds.ts';
import { parseBatchSize, parseIdPrefix } from '../../session/input.ts';
import { NumberField, ValidatedField } from '../../ui/ValidatedField.tsx';
import styles from '../../ui/panel.module.css';
import { groupDigits } from '../../model/format.ts';

function isIdStyle(value: string): value is IdStyle {
  return ID_STYLES.some((option) => option.style === value);
}

/** Enqueue one job, or N jobs sharing one timestamp, into both sets; choose how ids look. */
export function EnqueueControls() {
  const store = useAppStoreApi();
  const nextArrival = useAppStore(selectNextArrival);
  const error = useAppStore(selectEnqueueError);
  const errorId = useId();

  return (
    <fieldset className={styles.group}>
      <legend>Enqueue</legend>
      <EnqueueSettings />
      <div className={styles.row}>
        <button type="button" onClick={() => store.getState().enqueue(1)} aria-describedby={error ? errorId : undefined}>
          Enqueue job
        </button>
        <button
          type="button"
          onClick={() => store.getState().enqueue(store.getState().batchSize)}
          aria-describedby={error ? errorId : undefined}
        >
          Enqueue N at the same millisecond
        </button>
      </div>
      <p
        className={styles.hint}
        data-number="next-arrival"
      >{`N: 2 to 10,000. Next arrival number: ${groupDigits(nextArrival)}`}</p>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The id style, prefix and N fields: they re-render when one of them changes, not with every job
 * (the next arrival number above changes each frame of a play; React 19 rewrites an input's
 * attributes on each update).
 */
const EnqueueSettings = memo(function EnqueueSettings() {
  const store = useAppStoreApi();
  const idStyle = useAppStore(selectIdStyle);
  const idPrefix = useAppStore(selectIdPrefix);
  const batchSize = useAppStore(selectBatchSize);
  const styleId = useId();
  const setIdPrefix = useCallback((value: string) => store.getState().setIdPrefix(value), [store]);
  const setBatchSize = useCallback((value: number) => store.getState().setBatchSize(value), [store]);

  return (
    <>
      <div className={`${styles.field} ${styles.inline}`}>
        <label htmlFor={styleId}>Job id style</label>
        <select
          id={styleId}
          value={idStyle}
          onChange={(event) => {
            if (isIdStyle(event.target.value)) store.getState().setIdStyle(event.target.value);
          }}
        >
          {ID_STYLES.map((option) => (
            <option key={option.style} value={option.style}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {idStyle === 'prefix' ? (
        <ValidatedField
          inline
          label="Id prefix"
          value={idPrefix}
          parse={parseIdPrefix}
          onValid={setIdPrefix}
          testId="prefix-field"
        />
      ) : null}
      <NumberField
        label="N (jobs sharing one timestamp)"
        value={batchSize}
        parse={parseBatchSize}
        onValid={setBatchSize}
        testId="batch-field"
        inline
      />
    </>
  );
});
