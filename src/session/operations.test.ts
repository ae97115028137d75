import { describe, expect, it } from 'vitest';
import { defaultSettings, settingsWith } from './operations.ts';
import type { Operation, Settings } from './operations.ts';
import { Session } from './session.ts';
import { T0 } from '../../test-support/instants.ts';

const ORDER = ['delay', 'textbookUnit', 'clockMode', 'frozenAt', 'idStyle', 'idPrefix', 'batchSize'];

describe('settingsWith', () => {
  it('applies the change to a copy and keeps the base as it was', () => {
    const base = defaultSettings(T0, 'frozen');
    const changed = settingsWith(base, { delay: 0, idPrefix: 'x-' });
    expect(changed).toEqual({ ...base, delay: 0, idPrefix: 'x-' });
    expect(base.delay).toBe(5000);
  });

  it('gives every Settings a Session holds one shape, whatever made the one it was given', () => {
    // a caller's own object: other key order, an extra key, as a spread or a decoded scenario makes
    const { batchSize, ...rest } = defaultSettings(T0, 'frozen');
    const given = { batchSize, extra: true, ...rest, delay: 10 } as Settings;
    const session = new Session(given, { uuid: (index) => `uuid-${index}` });
    const shapes = [Object.keys(session.settings)];
    const ops: Operation[] = [
      { kind: 'delay', delay: 0 },
      { kind: 'unit', unit: 'ms' },
      { kind: 'live' },
      { kind: 'freeze', at: T0 },
      { kind: 'idStyle', style: 'uuid' },
      { kind: 'prefix', prefix: 'p-' },
      { kind: 'batch', size: 5 },
    ];
    for (const op of ops) {
      expect(session.apply(op)).toBe(true);
      shapes.push(Object.keys(session.settings));
    }
    for (const keys of shapes) expect(keys).toEqual(ORDER);
    expect(session.settings).toEqual({
      delay: 0,
      textbookUnit: 'ms',
      clockMode: 'frozen',
      frozenAt: T0,
      idStyle: 'uuid',
      idPrefix: 'p-',
      batchSize: 5,
    });
  });
});
