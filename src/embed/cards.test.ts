// @vitest-environment jsdom
/** The cards as DOM, over the app's Session: what a reader does, and what each card then says. */
import { afterEach, describe, expect, it } from 'vitest';
import { mountCard } from './mountCard.ts';
import type { MountedCard } from './mountCard.ts';
import { readCardOptions } from './options.ts';
import type { CardState } from './cardSession.ts';

let mounted: MountedCard[] = [];
afterEach(() => {
  for (const card of mounted) card.destroy();
  mounted = [];
});

/** A card as the embed page mounts it; empty unless the query names a preset (the tests press the buttons). */
const mount = (query: string, onChange?: (state: CardState) => void) => {
  const params = new URLSearchParams(query.includes('preset=') ? query : `${query}&preset=empty`);
  const card = mountCard(
    document.body,
    readCardOptions((name) => params.get(name), [...params.keys()]),
    'https://firetime.example/',
    { onChange },
  );
  mounted.push(card);
  return card;
};
const press = (card: MountedCard, label: string) =>
  Array.from(card.element.querySelectorAll('button'))
    .find((button) => button.textContent === label)!
    .click();
const figure = (card: MountedCard, name: string) =>
  Array.from(card.element.querySelectorAll('.ft-figure'))
    .find((row) => row.querySelector('dt')!.textContent!.startsWith(name))!
    .querySelector('.ft-value')!.textContent;
const link = (card: MountedCard) => card.element.querySelector<HTMLAnchorElement>('.ft-open')!.getAttribute('href')!;

describe('the delay card', () => {
  it('rewrites every number in the input handler itself (the same frame as the drag)', () => {
    const card = mount('card=delay&at=1000000&delay=5000');
    expect(figure(card, 'Textbook score')).toBe('1005000');
    expect(figure(card, 'Band floor')).toBe(String(1005000 * 4096));
    const slider = card.element.querySelector<HTMLInputElement>('input[type=range]')!;
    slider.value = '7000';
    slider.dispatchEvent(new Event('input'));
    // read synchronously, before any timer or frame could run
    expect(figure(card, 'Textbook score')).toBe('1007000');
    expect(figure(card, 'Band floor')).toBe(String(1007000 * 4096));
    expect(figure(card, 'Band ceiling')).toBe(String(1007001 * 4096 - 1));
    expect(card.element.querySelector('.ft-bits-low')!.textContent).toBe('000000000000');
    expect(card.element.querySelector<HTMLInputElement>('input[type=text]')!.value).toBe('7000');
    expect(link(card)).toContain('~d7000');
  });

  it('takes an exact delay past the slider, refuses a bad one beside the field, and bumps the next score', () => {
    const card = mount('card=delay&at=0');
    const field = card.element.querySelector<HTMLInputElement>('input[type=text]')!;
    field.value = '86400000';
    field.dispatchEvent(new Event('input'));
    expect(figure(card, 'Textbook score')).toBe('86400000');
    field.value = '-3';
    field.dispatchEvent(new Event('input'));
    expect(card.element.querySelector('.ft-field-message')!.textContent).toBe('A delay cannot be negative.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(figure(card, 'Textbook score')).toBe('86400000');
    press(card, 'Enqueue a job at this delay');
    expect(figure(card, 'Next job gets')).toBe(String(86400000 * 4096 + 1));
  });
});

describe('the collisions card', () => {
  it('shows the textbook set out of due order and the band set in order after one click', () => {
    const card = mount('card=collisions');
    press(card, 'Enqueue N in one millisecond');
    const members = (id: string) =>
      Array.from(card.element.querySelectorAll(`[data-testid=${id}] .ft-member`), (m) => m.textContent);
    expect(members('textbook-set')).toEqual(['1', '10', '11', '12', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(members('band-set')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(card.element.querySelector('[data-testid=textbook-set-badge]')!.textContent).toBe('24 pairs out of due order');
    expect(card.element.querySelector('[data-testid=band-set-badge]')!.textContent).toBe('in due order');
    press(card, 'Reset');
    expect(card.element.querySelector('[data-testid=band-set-badge]')!.textContent).toBe('empty');
  });

  it('names a taken id instead of enqueueing it', () => {
    const card = mount('card=collisions&ids=uuid&n=2');
    press(card, 'Enqueue N in one millisecond');
    expect(card.element.textContent).toContain('2 members');
  });
});

describe('the band card', () => {
  it('fills to the ceiling, then jobs share it in member order', () => {
    const card = mount('card=band&n=10&ids=job');
    press(card, 'Fill to the ceiling');
    expect(card.element.querySelector('[data-testid=band-used]')!.textContent).toBe('4,096 of 4,096');
    press(card, 'Enqueue 10');
    expect(card.element.querySelector('[data-testid=band-ceiling]')!.textContent).toBe('11 jobs');
    // job:4096 took the last slot; job:4097..4106 tie with it, and "job:4100" < "job:4101" < ... as bytes
    expect(card.element.textContent).toContain('member bytes order them: job:4096 (#4096), job:4097 (#4097)');
    expect(card.element.querySelector('canvas')!.getAttribute('aria-label')).toContain('11 jobs share the ceiling');
  });
});

describe('the wake card', () => {
  it('steps to the wake read from the head, and promotes the due head in arrival order', () => {
    const card = mount('card=wake&at=1000&delay=250');
    press(card, 'Enqueue 3 at once');
    expect(card.element.querySelector('[data-testid=wake-next]')!.textContent).toBe('1250');
    expect(card.element.querySelector('[data-testid=wake-due]')!.textContent).toBe('0 jobs');
    press(card, 'Enqueue one job');
    press(card, 'Step to the wake');
    expect(card.element.querySelector('[data-testid=wake-now]')!.textContent).toBe('1,250 ms');
    expect(card.element.querySelector('[data-testid=wake-due]')!.textContent).toBe('4 jobs');
    press(card, 'Promote due jobs');
    expect(card.element.querySelector('[data-testid=wake-promoted]')!.textContent).toBe(
      'Promote at 1,250 ms took, from the band set: job:1 (#1), job:2 (#2), job:3 (#3), job:4 (#4); from the textbook set: job:1 (#1), job:2 (#2), job:3 (#3), job:4 (#4).',
    );
    expect(card.element.querySelector('[data-testid=wake-next]')!.textContent).toBe('nil');
  });
});

describe('notes', () => {
  it('lists ignored options as text', () => {
    const card = mount('card=delay&theme=%3Cimg%20src%3Dx%3E');
    expect(card.element.querySelector('[data-testid=card-notes]')!.textContent).toBe(
      'Ignored theme="<img src=x>": use light, dark or auto.',
    );
    expect(card.element.querySelector('img')).toBeNull();
  });
});

describe('what every card opens with and says', () => {
  const text = (card: MountedCard, id: string) => card.element.querySelector(`[data-testid=${id}]`)!.textContent;

  it('opens each card in its preset: the point made before any click', () => {
    const collisions = mount('card=collisions&preset=ties');
    expect(text(collisions, 'textbook-set-badge')).toBe('24 pairs out of due order');
    expect(collisions.element.querySelectorAll('[data-testid=textbook-set] [data-out-of-order]')).toHaveLength(11);
    const band = mount('card=band&preset=ceiling');
    expect(text(band, 'band-used')).toBe('4,096 of 4,096');
    expect(text(band, 'band-ceiling')).toBe('5 jobs');
    expect(text(band, 'band-legend-shared')).toBe('the ceiling: one score, many jobs');
    expect(text(band, 'band-callout')).toBe('the ceiling ↑ 5 jobs on one score');
    const wake = mount('card=wake&preset=before-wake&at=1000000&delay=5000');
    expect(text(wake, 'wake-now')).toBe('1,004,999 ms');
    expect(text(wake, 'wake-due')).toBe('0 jobs');
    press(wake, '+1 ms');
    expect(text(wake, 'wake-due')).toBe('3 jobs');
  });

  it('announces the key numbers after each action, and tells the page its state', () => {
    const states: CardState[] = [];
    const card = mount('card=collisions', (state) => states.push(state));
    expect(text(card, 'card-status')).toBe('');
    press(card, 'Enqueue N in one millisecond');
    expect(text(card, 'card-status')).toBe(
      'Textbook set: 12 members, 24 pairs out of due order. Band set: 12 members, in due order.',
    );
    expect(states.at(-1)).toMatchObject({
      card: 'collisions',
      jobs: { textbook: 12, band: 12 },
      outOfDueOrder: { textbook: 24, band: 0 },
      touched: true,
    });
    expect(states.at(-1)!.link).toBe(link(card));
  });

  it("keeps the reader's jobs when an option changes, and starts again (saying so) when the preset does", () => {
    const card = mount('card=collisions&theme=light');
    press(card, 'Enqueue N in one millisecond');
    const read = (query: string) => {
      const params = new URLSearchParams(query);
      return readCardOptions((name) => params.get(name), [...params.keys()]);
    };
    card.update(read('card=collisions&preset=empty&theme=dark&delay=9000&heading-level=4'), 'https://firetime.example/');
    expect(card.element.getAttribute('data-theme')).toBe('dark');
    expect(card.element.querySelector('h4')!.textContent).toBe('Jobs due in the same millisecond');
    expect(card.element.querySelector('h5')!.textContent).toBe('Textbook set');
    expect(card.state.session.bandReader.size).toBe(12);
    expect(card.state.settings.delay).toBe(9000);
    card.update(read('card=collisions&preset=ties'), 'https://firetime.example/');
    expect(text(card, 'card-notes')).toBe('The card started again: its preset or scenario changed.');
  });

  it("writes EchoMQ's names with names=echomq", () => {
    const wake = mount('card=wake&names=echomq&preset=before-wake');
    expect(wake.element.textContent).toContain('ZRANGEBYSCORE emq:{firetime}:delayed 0');
    const collisions = mount('card=collisions&names=echomq');
    expect(collisions.element.textContent).toContain('getDelayedScore (addDelayedJob-6.lua): fire-time × 0x1000 + k');
  });

  it('escapes bidi controls in ids as the app does', () => {
    const card = mount('card=collisions&ids=a%E2%80%AEb%E2%81%A6-');
    press(card, 'Enqueue one job');
    const member = card.element.querySelector('[data-testid=band-set] .ft-member')!.textContent!;
    expect(member).toBe('a\\u{202e}b\\u{2066}-1');
    expect(card.element.textContent).not.toMatch(/[\u202e\u2066]/);
  });
});
