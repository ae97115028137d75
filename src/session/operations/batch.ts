/** N, the jobs one "Enqueue N" writes (b<n>). */
import { MAX_BATCH, MIN_BATCH, parseBatchSize } from '../input.ts';
import { settingKind } from './setting.ts';
import { isWholeInRange, mapParsed, number } from './tokens.ts';

export const batch = settingKind({
  kind: 'batch',
  token: {
    head: 'b',
    encode: (op) => `b${op.size}`,
    decode: (rest) => mapParsed(number(rest, parseBatchSize), (size) => ({ kind: 'batch', size })),
  },
  fromSettings: (s) => ({ kind: 'batch', size: s.batchSize }),
  settle: (s, op) => ({ ...s, batchSize: op.size }),
  apply: ({ settings }, op) => (isWholeInRange(op.size, MIN_BATCH, MAX_BATCH) ? { ...settings, batchSize: op.size } : null),
});
