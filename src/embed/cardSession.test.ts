import { describe, expect, it } from 'vitest';
import { Session, replay } from '../session/session.ts';
import { decodeScenario, scenarioText } from '../session/scenarioCodec.ts';
import { seededUuid } from '../model/uuid.ts';
import { CardSession, bandFireTime, outOfDueOrder, rowsOf, textbookFireTime } from './cardSession.ts';
import { readCardOptions } from './options.ts';

const card = (query: string, clock?: () => number) => {
  const params = new URLSearchParams(query);
  return new CardSession(readCardOptions((name) => params.get(name)).options, clock);
};

describe('CardSession', () => {
  it('puts N jobs of one millisecond into both sets: member order on one side, arrival order on the other', () => {
    const state = card('card=collisions&n=12&ids=plain');
    expect(state.enqueue(12)).toBe(true);
    const { textbookReader, bandReader, arrivals } = state.session;
    expect(rowsOf(textbookReader, arrivals, 20).map((row) => row.member)).toEqual([
      '1',
      '10',
      '11',
      '12',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    expect(rowsOf(bandReader, arrivals, 20).map((row) => row.arrival)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // 10, 11, 12 each sit before the eight jobs 2..9
    expect(outOfDueOrder(textbookReader, arrivals, textbookFireTime)).toBe(24);
    expect(outOfDueOrder(bandReader, arrivals, bandFireTime)).toBe(0);
    // The same count the session keeps for the app's badges
    expect(state.session.textbookOrder.inversions).toBe(24);
  });

  it('counts due order by fire-time first: a later job due sooner is not out of order', () => {
    const state = card('card=collisions&ids=job&delay=5000');
    state.enqueue(1);
    state.setDelay(1000);
    state.enqueue(1);
    const { bandReader, arrivals } = state.session;
    expect(rowsOf(bandReader, arrivals, 5).map((row) => row.member)).toEqual(['job:2', 'job:1']);
    expect(outOfDueOrder(bandReader, arrivals, bandFireTime)).toBe(0);
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
    const entries = (s: Session) => [s.bandReader.rangeByRank(0, -1), s.textbookReader.rangeByRank(0, -1)];
    expect(entries(app)).toEqual(entries(state.session));
    expect(app.lastPromote).toEqual(state.session.lastPromote);
  });

  it('keeps a refused operation out of the link', () => {
    const state = card('card=collisions');
    expect(state.perform({ kind: 'batch', size: 1 })).toBe(false);
    expect(state.link('https://firetime.example/')).toBe(card('card=collisions').link('https://firetime.example/'));
  });
});
