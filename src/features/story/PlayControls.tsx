import { memo, useId, useState } from 'react';
import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import { selectClockMode } from '../../store/scores.ts';
import { parseBurst, parseRate } from '../../session/input.ts';
import { NumberField } from '../../ui/ValidatedField.tsx';
import { DEFAULT_RATE } from './playTimer.ts';
import { usePlayer } from './usePlayer.ts';
import styles from '../../ui/panel.module.css';
import { groupDigits } from '../../model/format.ts';

const DEFAULT_BURST = 20;

/**
 * Play arrivals: jobs enqueued one at a time at a chosen rate (1 to 1,000 jobs/s), until paused
 * or for a burst of N; Step enqueues one; "at once" applies a burst in one go. Each job is one
 * ordinary enqueue, so the sets, the URL, undo and the export show played jobs like clicked ones.
 */
export function PlayControls() {
  const store = useAppStoreApi();
  const clockMode = useAppStore(selectClockMode);
  const [rate, setRate] = useState(DEFAULT_RATE);
  const [burst, setBurst] = useState(DEFAULT_BURST);
  const [instant, setInstant] = useState(false);
  const player = usePlayer(store, rate);
  const resumable = !player.playing && player.remaining > 0 && Number.isFinite(player.remaining) && player.played > 0;

  return (
    <fieldset className={styles.group} data-testid="play-controls">
      <legend>Play arrivals</legend>
      <div className={styles.row}>
        {player.playing ? (
          <button type="button" className={styles.wideButton} onClick={player.pause}>
            Pause
          </button>
        ) : (
          <button type="button" className={styles.wideButton} onClick={resumable ? player.resume : () => player.play()}>
            {resumable ? 'Resume' : 'Play'}
          </button>
        )}
        <button type="button" className="secondary" onClick={player.step}>
          Step
        </button>
        <span className={styles.hint} data-testid="play-status">
          {player.playing
            ? `Playing: ${groupDigits(player.played)}${Number.isFinite(player.remaining) ? `, ${groupDigits(player.remaining)} to go` : ''}`
            : player.played > 0
              ? `${resumable ? 'Paused' : 'Played'}: ${groupDigits(player.played)}${resumable ? `, ${groupDigits(player.remaining)} to go` : ''}`
              : 'Stopped'}
        </span>
      </div>
      <PlaySettings rate={rate} burst={burst} setRate={setRate} setBurst={setBurst} />
      <div className={styles.row}>
        <button type="button" className="secondary" onClick={() => (instant ? player.playInstantly(burst) : player.play(burst))}>
          Play N
        </button>
        <AtOnce checked={instant} onChange={setInstant} />
      </div>
      <p className={styles.hint}>
        {clockMode === 'frozen'
          ? 'Frozen clock: all land in one ms (collisions).'
          : 'Clock live: each job reads the time as it lands.'}
      </p>
    </fieldset>
  );
}

/**
 * The rate and burst fields, apart from the status line: the status changes every frame of a
 * play, these only when typed in (memo), so their inputs are not rewritten each frame.
 */
const PlaySettings = memo(function PlaySettings({
  rate,
  burst,
  setRate,
  setBurst,
}: {
  rate: number;
  burst: number;
  setRate: (rate: number) => void;
  setBurst: (burst: number) => void;
}) {
  return (
    <div className={styles.row}>
      <NumberField inline label="Rate (jobs/s)" value={rate} parse={parseRate} onValid={setRate} testId="rate-field" />
      <NumberField inline label="Burst N" value={burst} parse={parseBurst} onValid={setBurst} testId="burst-field" />
    </div>
  );
});

/** "at once": a burst applied in one go instead of played (memo: see PlaySettings). */
const AtOnce = memo(function AtOnce({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <label className={styles.check} htmlFor={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      at once
    </label>
  );
});
