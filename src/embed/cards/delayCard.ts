/**
 * `delay`: the seed's figure. One delay gives two scores: the textbook's fire-time, and the band's
 * fire-time x 0x1000, whose twelve low bits hold a job's place in its millisecond.
 */
import { groupDigits } from '../../model/format.ts';
import { bandOf, fireTimeOf, nextScoreInBand, textbookScore } from '../../model/protocol/score.ts';
import { SLIDER_MAX_MS, parseDelay } from '../../session/input.ts';
import { splitLow12 } from '../../features/story/scoreBits.ts';
import { button, figure, h, setText, slot, uniqueId } from '../dom.ts';
import type { CardFactory } from './card.ts';
import { iso } from './card.ts';

/** The slider's end: 60 s, or past a longer delay the next 1, 2 or 5 x 10^k seconds, so the thumb is never pinned at the end. */
export function sliderMax(delay: number): number {
  if (delay <= SLIDER_MAX_MS) return SLIDER_MAX_MS;
  for (let scale = 1000; ; scale *= 10) for (const step of [1, 2, 5]) if (step * scale * 10 >= delay) return step * scale * 10;
}

/** The slider's spoken value: the delay in words a listener can follow. */
function delayWords(delay: number): string {
  return delay < 1000 ? `${groupDigits(delay)} ms` : `${groupDigits(delay)} ms (${groupDigits(delay / 1000)} s)`;
}

export const delayCard: CardFactory = ({ state, names, changed }) => {
  const sliderId = uniqueId('delay-slider');
  const fieldId = uniqueId('delay-field');
  const messageId = uniqueId('delay-message');
  const sliderEnd = sliderMax(state.settings.delay);
  const slider = h('input', { id: sliderId, type: 'range', min: 0, max: sliderEnd, step: 1, class: 'ft-slider', part: 'slider' });
  const field = h('input', { id: fieldId, type: 'text', inputmode: 'numeric', class: 'ft-field', 'aria-describedby': messageId });
  const message = h('p', { id: messageId, class: 'ft-field-message', role: 'status' });

  const now = slot('ft-value');
  const fireTime = slot('ft-value');
  const fireTimeIso = slot('ft-hint');
  const textbook = slot('ft-value ft-score');
  const min = slot('ft-value ft-score');
  const next = slot('ft-value ft-score');
  const nextWhy = slot('ft-hint');
  const max = slot('ft-value ft-score');
  const high = slot('ft-bits-high');
  const low = slot('ft-bits-low');
  const binary = h('p', { class: 'ft-bits', 'aria-label': 'The band floor in binary' }, high, ' ', low);

  const showDelay = (delay: number) => {
    slider.value = String(Math.min(delay, sliderEnd));
    slider.setAttribute('aria-valuetext', delayWords(delay));
    // A refused text stays where the reader is typing; otherwise the field shows the delay.
    const typed = parseDelay(field.value);
    if (field.getAttribute('aria-invalid') !== 'true' && !(typed.ok && typed.value === delay)) field.value = String(delay);
  };

  slider.addEventListener('input', () => {
    // Every number follows in the same frame: the state and the card are rewritten in this handler.
    if (state.setDelay(Number(slider.value))) {
      field.value = slider.value;
      setText(message, '');
      changed();
    }
  });
  field.addEventListener('input', () => {
    const parsed = parseDelay(field.value);
    if (!parsed.ok) {
      setText(message, parsed.message);
      field.setAttribute('aria-invalid', 'true');
      return;
    }
    field.removeAttribute('aria-invalid');
    setText(message, '');
    if (state.setDelay(parsed.value)) {
      slider.value = String(Math.min(parsed.value, sliderEnd));
      changed();
    }
  });

  const body = h(
    'div',
    { class: 'ft-delay' },
    h('div', { class: 'ft-control' }, h('label', { for: sliderId }, `Delay (0 to ${groupDigits(sliderEnd / 1000)} s)`), slider),
    h('div', { class: 'ft-control-row' }, h('label', { for: fieldId }, 'Exact delay (ms)'), field),
    message,
    h(
      'dl',
      { class: 'ft-figures' },
      figure('Now', now),
      figure('Fire-time = now + delay', fireTime, fireTimeIso),
      figure('Textbook score (ZADD key <fire-time>)', textbook),
      figure('Band floor, fire-time × 0x1000 (min)', min),
      figure(`Next job gets (${names.addScript})`, next, nextWhy),
      figure('Band ceiling, (fire-time + 1) × 0x1000 − 1 (max)', max),
    ),
    h(
      'p',
      { class: 'ft-caption' },
      'The floor in binary, the twelve low bits set apart: 4,096 slots for jobs due in this millisecond.',
    ),
    binary,
    h(
      'div',
      { class: 'ft-actions' },
      button('Enqueue a job at this delay', () => {
        if (state.enqueue(1)) changed();
      }),
    ),
  );

  const update = () => {
    const s = state.settings;
    const at = state.now();
    const due = fireTimeOf(at, s.delay);
    const band = bandOf(due);
    const reader = state.session.bandReader;
    const highest = reader.highestIn(band.minScore, band.maxScore)?.score ?? null;
    const nextScore = nextScoreInBand(band, highest);
    const inBand = reader.count(band.minScore, band.maxScore);
    showDelay(s.delay);
    setText(now, `${groupDigits(at)} ms`);
    setText(fireTime, `${groupDigits(due)} ms`);
    setText(fireTimeIso, iso(due));
    setText(textbook, reader.scoreText(textbookScore(at, s.delay, s.textbookUnit)));
    setText(min, reader.scoreText(band.minScore));
    setText(next, reader.scoreText(nextScore));
    setText(
      nextWhy,
      inBand === 0
        ? 'the floor: no job in this millisecond yet'
        : nextScore === band.maxScore
          ? `the ceiling: ${groupDigits(inBand)} jobs fill the band`
          : `floor + ${groupDigits(nextScore - band.minScore)}: ${groupDigits(inBand)} ${inBand === 1 ? 'job is' : 'jobs are'} in this millisecond`,
    );
    setText(max, reader.scoreText(band.maxScore));
    const bits = splitLow12(band.minScore, 2);
    setText(high, bits.high);
    setText(low, bits.low);
  };
  return { title: 'One delay, two scores', body, update };
};
