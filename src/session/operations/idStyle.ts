/** How job ids are made: job:N, N, uuid or prefix (ij / in / iu / ip). */
import type { IdStyle } from '../jobIds.ts';
import { settingKind } from './setting.ts';
import { refuse } from './tokens.ts';

const STYLE_CODES: ReadonlyArray<readonly [IdStyle, string]> = [
  ['job:N', 'j'],
  ['N', 'n'],
  ['uuid', 'u'],
  ['prefix', 'p'],
];

export const idStyle = settingKind({
  kind: 'idStyle',
  token: {
    head: 'i',
    encode: (op) => `i${STYLE_CODES.find(([style]) => style === op.style)![1]}`,
    decode(rest) {
      const style = STYLE_CODES.find(([, code]) => code === rest);
      return style ? { ok: true, value: { kind: 'idStyle', style: style[0] } } : refuse('id style is ij, in, iu or ip');
    },
  },
  fromSettings: (s) => ({ kind: 'idStyle', style: s.idStyle }),
  settle: (s, op) => ({ ...s, idStyle: op.style }),
  apply: ({ settings }, op) => ({ ...settings, idStyle: op.style }),
  clearsError: true,
  cost: (op, cost) => {
    cost.style = op.style;
  },
});
