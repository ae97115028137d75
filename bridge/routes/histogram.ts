import { z } from 'zod';
import type { HistogramReply } from '../../src/model/doctor/doctorWire.ts';
import { DEFAULT_BUCKETS, MAX_BUCKETS, firstNotDue, planHistogram, windowBounds } from '../../src/model/doctor/histogram.ts';
import { dueBound, fireTimeOfScore, unitsPerMs } from '../../src/model/doctor/scheme.ts';
import type { ReadOnlyCall } from '../allowList.ts';
import { flag, keyParams, ms, parseQuery, requestedKey, scheme, single } from '../query.ts';
import { SEARCH_BAND, clampMs, fullestBandOf, pairsOf, scoreNumber, serverNow } from '../queueRow.ts';
import { badRequest, expectReply, isCount, redisName, unlessSortedSet } from '../replies.ts';
import type { RouteReply } from '../replies.ts';

const HistogramQuery = z
  .object({
    ...keyParams,
    scheme: scheme('band'),
    from: ms('from'),
    to: ms('to'),
    buckets: single
      .refine(
        (text) => text === null || (/^\d{1,4}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_BUCKETS),
        `buckets must be a whole number from 1 to ${MAX_BUCKETS}`,
      )
      .transform((text) => (text === null ? DEFAULT_BUCKETS : Number(text))),
    band: flag('band is 1 (search the fullest band too) or left out'),
  })
  .refine(({ from, to }) => from === null || to === null || to > from, 'to must be later than from')
  .transform(({ key64, key, ...rest }, ctx) => ({ key: requestedKey({ key64, key }, ctx), ...rest }));

/**
 * GET /api/histogram?key64=|key=&from=&to=&buckets=&scheme=[&band=1]: jobs per window by ZCOUNT
 * (from..to default to head..tail), the window holding the server's now cut at now + 1; with
 * band=1 also the set's fullest band (fullestBandOf, SEARCH_BAND: bounded).
 */
export async function histogram(call: ReadOnlyCall, query: URLSearchParams): Promise<RouteReply> {
  const parsed = parseQuery(HistogramQuery, query);
  if (!parsed.ok) return badRequest(parsed.message);
  const { key, scheme, from: askedFrom, to: askedTo, buckets, band } = parsed.value;
  const units = unitsPerMs(scheme);

  const refusal = await unlessSortedSet(call, key);
  if (refusal !== null) return refusal;
  const [now, total, first, last] = await Promise.all([
    serverNow(call),
    call('ZCARD', key).then((r) => expectReply('ZCARD', r, isCount)),
    call('ZRANGE', key, 0, 0, 'WITHSCORES').then((r) => pairsOf('ZRANGE', r)[0] ?? null),
    call('ZRANGE', key, -1, -1, 'WITHSCORES').then((r) => pairsOf('ZRANGE', r)[0] ?? null),
  ]);
  const fire = (pair: [Buffer, string] | null, fallback: number) =>
    pair === null ? fallback : clampMs(fireTimeOfScore(scoreNumber(pair[1]), scheme));
  const from = askedFrom ?? fire(first, now);
  const to = askedTo ?? fire(last, now) + 1;
  // no window holds both overdue jobs and jobs not yet due: the one holding the server's now is cut there
  const plan = planHistogram(from, to, buckets, firstNotDue(now));
  if (!plan.ok) return badRequest(plan.message);
  const end = plan.windows.at(-1)!.to;
  const [counts, before, after] = await Promise.all([
    Promise.all(
      plan.windows.map((window) => {
        const { min, max } = windowBounds(window, scheme);
        return call('ZCOUNT', key, min, max).then((r) => expectReply('ZCOUNT', r, isCount));
      }),
    ),
    call('ZCOUNT', key, '-inf', `(${from * units}`).then((r) => expectReply('ZCOUNT', r, isCount)),
    call('ZCOUNT', key, String(end * units), '+inf').then((r) => expectReply('ZCOUNT', r, isCount)),
  ]);
  const body: HistogramReply = {
    key: redisName(key),
    scheme: scheme,
    now,
    dueBound: String(dueBound(now, scheme)),
    from,
    to,
    width: plan.width,
    total,
    before,
    after,
    buckets: plan.windows.map((window, i) => ({ from: window.from, to: window.to, jobs: counts[i]! })),
    // asked once by the detail (not at each refresh): a large set's search is thousands of ZCOUNTs
    ...(band ? { fullestBand: await fullestBandOf(call, key, scheme, SEARCH_BAND) } : {}),
  };
  return { status: 200, body };
}
