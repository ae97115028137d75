// @vitest-environment jsdom
/**
 * The cards' no-script fallback (the embed page's <noscript>, the React wrapper's light DOM): its
 * numbers are the model's, for the state its link opens in the app.
 */
import { describe, expect, it } from 'vitest';
import { bandOf, fireTimeOf } from '../model/protocol/score.ts';
import { seededUuid } from '../model/uuid.ts';
import { decodeScenario } from '../session/scenarioCodec.ts';
import { Session, replay } from '../session/session.ts';
import { CARD_TITLES, cardFallback, cardFallbackHtml, cardFallbacks, fallbackHtml } from './fallback.ts';
import { mountCard } from './mountCard.ts';
import { CARD_NAMES, DEFAULT_AT, readCardOptions } from './options.ts';

const APP = 'https://firetime.example/';

/** The app's Session, replaying the scenario a fallback's link carries (as the app does when the link is opened). */
function opened(link: string): Session {
  const code = new URL(link).hash.replace(/^#s=/, '');
  const decoded = decodeScenario(code);
  if (!decoded.ok) throw new Error(decoded.message);
  const session = new Session(decoded.scenario.initial, { uuid: (index) => seededUuid(decoded.scenario.seed, index) });
  expect(replay(session, decoded.scenario.operations)).toBe(-1);
  return session;
}

const digits = (n: number) => n.toLocaleString('en-US');

describe('the cards’ fallback', () => {
  const fireTime = fireTimeOf(DEFAULT_AT, 5000);
  const band = bandOf(fireTime);

  it('delay: the fire-time, its textbook score, and the band floor and ceiling (fire-time x 0x1000, + 4,095)', () => {
    const { text } = cardFallback('delay', APP);
    expect(band.minScore).toBe(fireTime * 4096);
    expect(text).toBe(
      `Fire-time ${digits(fireTime)} ms: textbook score ${fireTime}, band floor ${band.minScore}, band ceiling ${band.minScore + 4095}; the next job gets ${band.minScore}.`,
    );
  });

  it('collisions: 12 jobs of one millisecond, 24 pairs out of due order in the textbook set, none in the band set', () => {
    const { text, link } = cardFallback('collisions', APP);
    const app = opened(link);
    // Ids 1..12 sorted as bytes: 10, 11 and 12 come before 2..9, so 3 x 8 pairs are out of due order.
    expect([app.textbookReader.size, app.textbookOrder.inversions, app.bandReader.size, app.bandOrder.inversions]).toEqual([
      12, 24, 12, 0,
    ]);
    expect(text).toBe('Textbook set: 12 members, 24 pairs out of due order. Band set: 12 members, in due order.');
  });

  it('band: every one of the 4,096 slots taken, and the 5 jobs past the last one sharing the ceiling', () => {
    const { text, link } = cardFallback('band', APP);
    const app = opened(link);
    expect(app.bandReader.size).toBe(4100);
    expect(app.bandReader.countBelow(band.maxScore)).toBe(4095);
    expect(text).toBe(
      `4,096 of 4,096 slots of the millisecond ${digits(fireTime)} used; 5 jobs share the ceiling score ${band.maxScore}.`,
    );
  });

  it('wake: three jobs in, the clock one millisecond before the head falls due', () => {
    const { text, link } = cardFallback('wake', APP);
    const app = opened(link);
    expect(app.settings.frozenAt).toBe(fireTime - 1);
    expect(app.bandReader.head?.score).toBe(band.minScore);
    expect(text).toBe(
      `Now ${digits(fireTime - 1)} ms: 0 jobs due; the head scores ${band.minScore}, so the worker wakes at ${digits(fireTime)} ms (in 1 ms).`,
    );
  });

  it('follows the author’s parameters (another delay, preset or ids), always on the frozen clock', () => {
    expect(cardFallback('delay', APP, { delay: '9000' }).text).toContain(`Fire-time ${digits(DEFAULT_AT + 9000)} ms`);
    expect(cardFallback('collisions', APP, { preset: 'empty' }).text).toBe(
      'Textbook set: 0 members, empty. Band set: 0 members, empty.',
    );
    expect(cardFallback('wake', APP, { clock: 'live' }).text).toContain(digits(fireTime - 1));
  });

  it('has each card’s title and link as the running card shows them', () => {
    for (const card of CARD_NAMES) {
      const mounted = mountCard(
        document.body,
        readCardOptions((name) => (name === 'card' ? card : null)),
        APP,
      );
      const fallback = cardFallback(card, APP);
      expect(mounted.element.querySelector('.ft-title')!.textContent).toBe(CARD_TITLES[card]);
      expect(mounted.element.querySelector('.ft-open')!.getAttribute('href')).toBe(fallback.link);
      mounted.destroy();
    }
  });

  it('is written as inert HTML: every card under its name as an id, its text escaped, its link relative to the embed page', () => {
    const html = fallbackHtml('../');
    const list = new DOMParser().parseFromString(html, 'text/html').querySelector('dl')!;
    expect(Array.from(list.children, (item) => item.id)).toEqual([...CARD_NAMES]);
    expect(Array.from(list.querySelectorAll('dd a'), (a) => a.getAttribute('href'))).toEqual(
      cardFallbacks('../').map((fallback) => fallback.link),
    );
    expect(list.querySelector('script')).toBeNull();
  });

  it('fills a <firetime-card> element: the numbers for its attributes and the link, escaped', () => {
    const host = document.createElement('firetime-card');
    host.innerHTML = cardFallbackHtml('band', APP, { preset: 'half' });
    const fallback = cardFallback('band', APP, { preset: 'half' });
    expect(host.querySelector('p')!.textContent).toBe(fallback.text);
    expect(fallback.text).toContain('2,048 of 4,096 slots');
    expect(host.querySelector('a')!.getAttribute('href')).toBe(fallback.link);
    // An app address is written as text inside the attribute, never as markup.
    const odd = document.createElement('firetime-card');
    odd.innerHTML = cardFallbackHtml('delay', 'https://x.example/"><script>alert(1)</script>');
    expect(odd.querySelector('script')).toBeNull();
    expect(odd.querySelector('a')!.getAttribute('href')).toMatch(/^https:\/\/x\.example\/"><script>/);
  });
});
