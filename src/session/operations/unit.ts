/** The textbook set's score unit, seconds or milliseconds (us / um). */
import { settingKind } from './setting.ts';
import { refuse } from './tokens.ts';

export const unit = settingKind({
  kind: 'unit',
  token: {
    head: 'u',
    encode: (op) => (op.unit === 's' ? 'us' : 'um'),
    decode: (rest) =>
      rest === 's' || rest === 'm'
        ? { ok: true, value: { kind: 'unit', unit: rest === 's' ? 's' : 'ms' } }
        : refuse('unit is us or um'),
  },
  fromSettings: (s) => ({ kind: 'unit', unit: s.textbookUnit }),
  settle: (s, op) => ({ ...s, textbookUnit: op.unit }),
  apply(state, op) {
    // The textbook set holds scores in one unit: switching with jobs in it would mix them.
    if (op.unit !== 's' && op.unit !== 'ms') return null;
    if (state.textbookReader.size !== 0) return null;
    return { ...state.settings, textbookUnit: op.unit };
  },
});
