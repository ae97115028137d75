import { describe, expect, it } from 'vitest';
import { Session, replay } from '../session/session.ts';
import { decodeScenario, scenarioText } from '../session/scenarioCodec.ts';
import { seededUuid } from '../model/uuid.ts';
import { CardSession } from './cardSession.ts';
import { bandFloor, snapshotOf, textbookFloor } from '../session/view/setRows.ts';
import { countDueInversions } from '../model/strategies/dueOrder.ts';
import { decodeScore } from '../model/protocol/score.ts';
import { readCardOptions } from './options.ts';

const card = (query: string, clock?: () => number) => {
  const params = new URLSearchParams(query.includes('preset=') || query.includes('scenario=') ? query : `${query}&preset=empty`);
  return new CardSession(readCardOptions((name) => params.get(name)).options, clock);
};

describe('CardSession', () => {
  it('puts N jobs of one millisecond into both sets: member order on one side, arrival order on the other', () => {
    const state = card('card=collisions&n=12&ids=plain');
    expect(state.enqueue(12)).toBe(true);
    const { textbookReader, bandReader, arrivals, textbookOrder, bandOrder } = state.session;
    const textbook = snapshotOf(textbookReader, arrivals, textbookOrder, textbookFloor, 0);
    const band = snapshotOf(bandReader, arrivals, bandOrder, bandFloor, 0);
    expect(textbook.readRows(0, 19).map((row) => row.member)).toEqual('1 10 11 12 2 3 4 5 6 7 8 9'.split(' '));
    expect(band.readRows(0, 19).map((row) => row.arrival)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // 10, 11, 12 each sit before the eight jobs 2..9: the Session's count, which the model's reference count agrees with
    expect(textbook.outOfOrderPairs).toBe(24);
    const rows = textbookReader.rangeByRank(0, textbookReader.size - 1);
    expect(
      countDueInversions(
        rows.map((row) => row.score),
        rows.map((row) => arrivals.get(row.member)!),
      ),
    ).toBe(24);
    expect(band.outOfOrderPairs).toBe(0);
    // the rows out of due place are marked: "10", "11", "12" and the eight they jump
    expect(
      textbook
        .readRows(0, 11)
        .filter((row) => row.outOfOrder)
        .map((row) => row.member),
    ).toEqual(['10', '11', '12', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('counts due order by fire-time first: a later job due sooner is not out of order', () => {
    const state = card('card=collisions&ids=job&delay=5000');
    state.enqueue(1);
    state.setDelay(1000);
    state.enqueue(1);
    const { bandReader, arrivals, bandOrder } = state.session;
    const band = snapshotOf(bandReader, arrivals, bandOrder, bandFloor, 0);
    expect(band.readRows(0, 4).map((row) => row.member)).toEqual(['job:2', 'job:1']);
    expect(band.outOfOrderPairs).toBe(0);
  });

  it('reads a live clock, and a step freezes it at its reading plus the step', () => {
    const state = card('card=wake&clock=live', () => 1_000_000.7);
    expect(state.now()).toBe(1_000_000);
    state.step(1000);
    expect(state.settings.clockMode).toBe('frozen');
    expect(state.now()).toBe(1_001_000);
  });

  it('links to the app with a scenario that rebuilds the same sets', () => {
    const state = card('card=collisions&ids=uuid&n=5&delay=250');
    state.enqueue(5);
    state.setDelay(300);
    state.setDelay(400); // a drag folds into one step
    state.enqueue(1);
    state.step(1000);
    state.promote();
    const link = state.link('https://firetime.example/#old');
    expect(link.startsWith('https://firetime.example/#s=1~')).toBe(true);
    const decoded = decodeScenario(scenarioText(new URL(link).hash)!);
    if (!decoded.ok) throw new Error(decoded.message);
    expect([...decoded.scenario.operations].map((op) => op.kind)).toEqual(['enqueue', 'delay', 'enqueue', 'freeze', 'promote']);
    // Replayed as the app replays a link (uuids from the scenario's seed), the sets are the card's.
    const app = new Session(decoded.scenario.initial, { uuid: (index) => seededUuid(decoded.scenario.seed, index) });
    expect(replay(app, decoded.scenario.operations)).toBe(-1);
    const entries = (s: Session) => [
      s.bandReader.rangeByRank(0, s.bandReader.size - 1),
      s.textbookReader.rangeByRank(0, s.textbookReader.size - 1),
    ];
    expect(entries(app)).toEqual(entries(state.session));
    expect(app.lastPromote).toEqual(state.session.lastPromote);
  });

  it('keeps a refused operation out of the link', () => {
    const state = card('card=collisions');
    expect(state.perform({ kind: 'batch', size: 1 })).toBe(false);
    expect(state.link('https://firetime.example/')).toBe(card('card=collisions').link('https://firetime.example/'));
  });

  it('opens each card in its teaching preset, before any click', () => {
    const collisions = card('card=collisions&preset=ties');
    expect(collisions.session.textbookReader.size).toBe(12);
    expect(collisions.session.textbookOrder.inversions).toBe(24);
    expect(collisions.touched).toBe(false);

    const band = card('card=band&preset=ceiling');
    const slots = new Set(band.session.bandReader.rangeByRank(0, 5000).map((entry) => decodeScore(entry.score).slot));
    expect(slots.size).toBe(4096);
    expect(band.session.bandReader.size).toBe(4100);

    const wake = card('card=wake&preset=before-wake&at=1000000&delay=5000');
    expect(wake.session.bandReader.size).toBe(3);
    // one +1 ms step before the head falls due
    expect(wake.now()).toBe(1_004_999);
    expect(wake.session.dueJobs(wake.now())).toBe(0);
    expect(wake.session.dueJobs(wake.now() + 1)).toBe(6);
  });

  it('opens an app scenario (#s=) as the app would, and notes one it cannot read', () => {
    const source = card('card=collisions&ids=plain&n=5&at=1000');
    source.enqueue(5);
    source.step(7000);
    const text = source.link('https://firetime.example/').split('#s=')[1]!;
    const opened = card(`card=wake&scenario=${encodeURIComponent(text)}`);
    expect(opened.note).toBeNull();
    expect(opened.now()).toBe(8000);
    expect(opened.session.bandReader.rangeByRank(0, 99)).toEqual(source.session.bandReader.rangeByRank(0, 99));
    expect(opened.link('https://firetime.example/')).toBe(source.link('https://firetime.example/'));

    const bad = card('card=collisions&scenario=2~zz~~');
    expect(bad.note).toMatch(/^Ignored the scenario: Unknown scenario format/);
    // ... and the card opens in its preset
    expect(bad.session.textbookReader.size).toBe(12);
  });

  it("applies a changed parameter to the reader's state as one more step, keeping the jobs", () => {
    const params = (query: string) => {
      const p = new URLSearchParams(query);
      return readCardOptions((name) => p.get(name)).options;
    };
    const before = params('card=collisions&preset=empty&delay=5000');
    const state = new CardSession(before);
    state.enqueue(12);
    const after = params('card=collisions&preset=empty&delay=9000&n=4&ids=job&theme=dark');
    expect(state.retune(before, after)).toBe(true);
    expect(state.session.bandReader.size).toBe(12);
    expect(state.settings).toMatchObject({ delay: 9000, batchSize: 4, idStyle: 'job:N' });
    state.enqueue(1);
    expect(state.session.bandReader.rangeByRank(12, 12)[0]!.member).toBe('job:13');
  });
});
