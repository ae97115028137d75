/** The clock stands at an instant (f<ms>): what Freeze and the clock's steps do. */
import { MAX_CLOCK_MS, parseClock } from '../input.ts';
import { settingKind } from './setting.ts';
import { isWholeInRange, mapParsed, number } from './tokens.ts';

export const freeze = settingKind({
  kind: 'freeze',
  token: {
    head: 'f',
    encode: (op) => `f${op.at}`,
    decode: (rest) => mapParsed(number(rest, parseClock), (at) => ({ kind: 'freeze', at })),
  },
  fromSettings: (s) => (s.clockMode === 'frozen' ? { kind: 'freeze', at: s.frozenAt } : null),
  settle: (s, op) => ({ ...s, clockMode: 'frozen', frozenAt: op.at }),
  apply: ({ settings }, op) =>
    isWholeInRange(op.at, 0, MAX_CLOCK_MS) ? { ...settings, clockMode: 'frozen', frozenAt: op.at } : null,
  frozenAfter: (op) => op.at,
});
