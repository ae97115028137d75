import { useEffect, useId, useRef, useState } from 'react';
import {
  ARRIVAL_PATTERNS,
  MAX_STREAM_SIZE,
  STREAM_DELAY_MS,
  type ArrivalPattern,
} from '../../model/strategies/arrivalStreams.ts';
import { STRATEGIES } from '../../model/strategies/strategies.ts';
import { fallsDueInArrivalOrder, type StrategyOutcome } from '../../model/strategies/strategyComparison.ts';
import type { Parsed } from '../../session/input.ts';
import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import { pageStream, selectPageStreamSize } from '../../store/pageStream.ts';
import { startComparison, type ComparisonRequest, type RunProgress } from './strategiesRunner.ts';
import { NumberField } from '../../ui/ValidatedField.tsx';
import { PromotionChart } from './PromotionChart.tsx';
import panel from '../../ui/panel.module.css';
import styles from './StrategiesView.module.css';
import { groupDigits } from '../../model/format.ts';

/** The stream's seed: fixed, so a pattern and a size always give the same arrivals. */
const SEED = 1;
const DEFAULT_SIZE = 2000;

/** The "Jobs" field: a whole number of jobs from 1 to 100,000 (digit-group separators allowed). */
function parseStreamSize(text: string): Parsed<number> {
  const compact = text.trim().replace(/[,_\s]/g, '');
  if (compact === '') return { ok: false, message: 'Enter how many jobs (1 to 100,000).' };
  if (!/^\d+$/.test(compact)) return { ok: false, message: 'Use a whole number of jobs, digits only.' };
  const value = Number(compact);
  if (value < 1) return { ok: false, message: 'At least 1 job.' };
  if (value > MAX_STREAM_SIZE) return { ok: false, message: 'At most 100,000 jobs.' };
  return { ok: true, value };
}

const count = (value: number) => groupDigits(value);

/** The normalised Kendall tau distance, short: 0, four decimals, or two significant digits when tiny. */
function tauText(tau: number): string {
  if (tau === 0) return '0';
  return tau >= 0.001 ? tau.toFixed(4) : tau.toExponential(1);
}

/** Where the stream comes from: a generated pattern, or 'page', the jobs enqueued above. */
type StreamChoice = ArrivalPattern | 'page';

const PAGE_LABEL = 'This page’s jobs';

const patternLabel = (pattern: StreamChoice) =>
  pattern === 'page' ? PAGE_LABEL : (ARRIVAL_PATTERNS.find((p) => p.id === pattern)?.label ?? pattern);

interface Results {
  readonly request: ComparisonRequest;
  readonly outcomes: StrategyOutcome[];
  readonly seconds: number;
  /** The reference order is arrival order (true for every generated stream). */
  readonly arrivalIsDue: boolean;
}

/**
 * Seven schedulers on one arrival stream (generated, or the jobs the page enqueued): a sorted set
 * per real scoring strategy, each promoted the way its system reads it; a table of inverted and
 * tied pairs, and a chart of promotion position against the order due per strategy. The work runs
 * in workers (strategiesRunner).
 */
export function StrategiesView() {
  const headingId = useId();
  const store = useAppStoreApi();
  const pageSize = useAppStore(selectPageStreamSize);
  const [pattern, setPattern] = useState<StreamChoice>('one-ms');
  const [size, setSize] = useState(DEFAULT_SIZE);
  const pageRuns = useRef(0);
  const [running, setRunning] = useState<{ request: ComparisonRequest; progress: RunProgress } | null>(null);
  const [results, setResults] = useState<Results | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<(() => void) | null>(null);

  useEffect(() => () => cancelRef.current?.(), []);

  const fromPage = pattern === 'page';
  const jobs = fromPage ? pageSize : size;
  const pageRefusal =
    !fromPage || (pageSize > 0 && pageSize <= MAX_STREAM_SIZE)
      ? null
      : pageSize === 0
        ? 'No jobs yet: enqueue some above, then compare them here.'
        : `The page holds ${count(pageSize)} jobs; the comparison takes at most ${count(MAX_STREAM_SIZE)}. Reset and enqueue fewer.`;

  const run = () => {
    if (pageRefusal !== null) return;
    cancelRef.current?.();
    const arrivals = fromPage ? pageStream(store.getState().enqueues) : null;
    const request: ComparisonRequest = arrivals
      ? { pattern: 'page', n: arrivals.length, seed: ++pageRuns.current, arrivals }
      : { pattern, n: size, seed: SEED };
    const arrivalIsDue = arrivals === null || fallsDueInArrivalOrder(arrivals);
    const started = performance.now();
    setError(null);
    setRunning({ request, progress: { done: 0, total: 2 * request.n * STRATEGIES.length } });
    cancelRef.current = startComparison(request, {
      onProgress: (progress) => setRunning({ request, progress }),
      onDone: (outcomes) => {
        cancelRef.current = null;
        setRunning(null);
        setResults({ request, outcomes, seconds: (performance.now() - started) / 1000, arrivalIsDue });
      },
      onError: (message) => {
        cancelRef.current = null;
        setRunning(null);
        setError(message);
      },
    });
  };

  const cancel = () => {
    cancelRef.current?.();
    cancelRef.current = null;
    setRunning(null);
  };

  const percentDone = running ? Math.floor((100 * running.progress.done) / Math.max(1, running.progress.total)) : 0;
  const patternHint = fromPage
    ? `The ${count(pageSize)} job${pageSize === 1 ? '' : 's'} enqueued above since the last reset, each with the clock reading, delay and id it was enqueued with.`
    : ARRIVAL_PATTERNS.find((p) => p.id === pattern)?.description;

  return (
    <section className={`${panel.panel} ${styles.section}`} aria-labelledby={headingId} data-testid="strategies">
      <h2 id={headingId}>Strategies compared on one arrival stream</h2>
      <p className={panel.lede}>
        The same jobs, enqueued in the same order, go into seven sorted sets, one per real scheduler, each scored by that
        scheduler’s own rule. Then every set is promoted the way its scheduler reads it, and the promotion order is set against
        the order a fair queue would run the jobs in: by fire-time, and in arrival order within one fire-time. Generated streams
        (seed {SEED}) give every job a {count(STREAM_DELAY_MS)} ms delay, so that order is arrival order. “{PAGE_LABEL}” replays
        what you enqueued above, with its own delays, clock steps and ids.
      </p>

      <form
        className={styles.controls}
        onSubmit={(event) => {
          event.preventDefault();
          run();
        }}
      >
        <fieldset className={panel.group}>
          <legend>Arrival pattern</legend>
          <div className={panel.segmented}>
            {ARRIVAL_PATTERNS.map((p) => (
              <label key={p.id}>
                <input
                  type="radio"
                  name="arrival-pattern"
                  value={p.id}
                  checked={pattern === p.id}
                  onChange={() => setPattern(p.id)}
                />
                {p.label}
              </label>
            ))}
            <label>
              <input type="radio" name="arrival-pattern" value="page" checked={fromPage} onChange={() => setPattern('page')} />
              {PAGE_LABEL}
            </label>
          </div>
          <p className={panel.hint}>{patternHint}</p>
        </fieldset>
        <div className={panel.group}>
          {fromPage ? (
            <p className={pageRefusal === null ? panel.hint : panel.error} data-testid="strategies-page-jobs">
              {pageRefusal ?? `${count(pageSize)} job${pageSize === 1 ? '' : 's'} from the page.`}
            </p>
          ) : (
            <NumberField
              label="Jobs (n)"
              value={size}
              parse={parseStreamSize}
              onValid={setSize}
              hint="1 to 100,000. Counted exactly; only the charts are thinned for drawing."
              testId="strategies-size"
            />
          )}
          <div className={panel.row}>
            <button type="submit" className={styles.primary} disabled={pageRefusal !== null}>
              Compare {count(jobs)} job{jobs === 1 ? '' : 's'}
            </button>
            {running ? (
              <button type="button" onClick={cancel}>
                Cancel
              </button>
            ) : null}
          </div>
        </div>
      </form>

      <div className={styles.status}>
        <p role="status" aria-live="polite">
          {running
            ? `Comparing ${count(running.request.n)} jobs (${patternLabel(running.request.pattern)})…`
            : results
              ? `Compared ${STRATEGIES.length} strategies on ${count(results.request.n)} jobs (${patternLabel(results.request.pattern)}) in ${results.seconds.toFixed(1)} s.`
              : 'Pick a pattern and a size, then press Compare.'}
        </p>
        {running ? (
          <p className={styles.progress}>
            <progress max={running.progress.total} value={running.progress.done} aria-label="Comparison progress" />
            <span aria-hidden="true">{percentDone}%</span>
          </p>
        ) : null}
      </div>
      {error ? (
        <p className={panel.error} role="alert">
          The comparison failed: {error}
        </p>
      ) : null}

      {results ? <ResultsView results={results} /> : null}
    </section>
  );
}

function ResultsView({ results }: { results: Results }) {
  const { request, outcomes, arrivalIsDue } = results;
  const pairs = (request.n * (request.n - 1)) / 2;
  // What the promotion order is set against, in the words of this stream.
  const reference = arrivalIsDue ? 'arrival order' : 'the order due (fire-time, then arrival)';
  const axis = arrivalIsDue ? 'arrival number' : 'position due';
  return (
    <>
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Strategy comparison table">
        <table className={styles.table} data-testid="strategies-table">
          <caption>
            {patternLabel(request.pattern)}, {count(request.n)} jobs ({count(pairs)} pairs): promotion order against {reference}
          </caption>
          <thead>
            <tr>
              <th scope="col">Strategy</th>
              <th scope="col" className={styles.number}>
                Inverted pairs
              </th>
              <th scope="col" className={styles.number}>
                Tied pairs (jobs)
              </th>
              <th scope="col" className={styles.number}>
                Kendall tau, normalised
              </th>
              <th scope="col">Rule</th>
            </tr>
          </thead>
          <tbody>
            {outcomes.map((outcome, i) => {
              const strategy = STRATEGIES[i]!;
              return (
                <tr key={outcome.id} data-testid={`strategy-row-${outcome.id}`}>
                  <th scope="row">
                    {strategy.name}
                    <span className={styles.systems}>{strategy.systems}</span>
                  </th>
                  <td
                    className={`${styles.number} ${outcome.inversions === 0 ? panel.okText : panel.warnText}`}
                    data-testid={`inversions-${outcome.id}`}
                  >
                    {count(outcome.inversions)}
                  </td>
                  <td className={styles.number} data-testid={`ties-${outcome.id}`}>
                    {count(outcome.tiedPairs)} ({count(outcome.tiedJobs)})
                  </td>
                  <td className={styles.number} data-testid={`tau-${outcome.id}`}>
                    {tauText(outcome.normalisedTau)}
                  </td>
                  <td className={styles.rule}>
                    <code>{strategy.rule}</code>
                    <span className={styles.systems}>ties: {strategy.tieBreak}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className={panel.hint}>
        Inverted pairs: pairs of jobs promoted in the opposite order to {reference} (the Kendall tau distance; normalised, it is
        that over all {count(pairs)} pairs, 0 for FIFO and 1 for reversed). Tied pairs: pairs of jobs written with equal scores,
        so the score alone cannot order them and the tie-break decides; in brackets, how many jobs share a score with another.
      </p>

      <ul className={`${panel.cards} ${styles.charts}`} aria-label={`Promotion position against ${axis}, per strategy`}>
        {outcomes.map((outcome, i) => {
          const strategy = STRATEGIES[i]!;
          const fifo = outcome.inversions === 0;
          return (
            <li key={outcome.id} className={`${panel.card} ${styles.figure}`} data-testid={`chart-${outcome.id}`}>
              <h3>
                {strategy.name} <span className={styles.systems}>{strategy.systems}</span>
              </h3>
              <PromotionChart
                order={outcome.order}
                xLabel={axis}
                label={`${strategy.name}: promotion position against ${axis} for ${count(request.n)} jobs; ${
                  fifo ? 'a straight diagonal, FIFO' : `${count(outcome.inversions)} inverted pairs off the diagonal`
                }.`}
              />
              <p className={fifo ? panel.okText : panel.warnText}>
                {fifo ? 'FIFO: no inverted pair.' : `${count(outcome.inversions)} inverted pairs.`}
              </p>
              <p className={styles.note}>{strategy.note}</p>
            </li>
          );
        })}
      </ul>
    </>
  );
}
