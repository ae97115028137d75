/** The delay a job waits before it is due (d<ms>). */
import { MAX_DELAY_MS, parseDelay } from '../input.ts';
import { settingKind } from './setting.ts';
import { isWholeInRange, mapParsed, number } from './tokens.ts';

export const delay = settingKind({
  kind: 'delay',
  token: {
    head: 'd',
    encode: (op) => `d${op.delay}`,
    decode: (rest) => mapParsed(number(rest, parseDelay), (value) => ({ kind: 'delay', delay: value })),
  },
  fromSettings: (s) => ({ kind: 'delay', delay: s.delay }),
  settle: (s, op) => ({ ...s, delay: op.delay }),
  apply: ({ settings }, op) => (isWholeInRange(op.delay, 0, MAX_DELAY_MS) ? { ...settings, delay: op.delay } : null),
  cost: (op, cost) => {
    cost.delay = op.delay;
  },
});
