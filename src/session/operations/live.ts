/** The clock reads the real time (L). */
import { settingKind } from './setting.ts';
import { refuse } from './tokens.ts';

export const live = settingKind({
  kind: 'live',
  token: {
    head: 'L',
    encode: () => 'L',
    decode: (rest) => (rest === '' ? { ok: true, value: { kind: 'live' } } : refuse('L takes nothing')),
  },
  fromSettings: (s) => (s.clockMode === 'live' ? { kind: 'live' } : null),
  settle: (s) => ({ ...s, clockMode: 'live', frozenAt: 0 }),
  apply: ({ settings }) => ({ ...settings, clockMode: 'live' }),
  frozenAfter: () => null,
});
