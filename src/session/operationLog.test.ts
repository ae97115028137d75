import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OperationLog } from './operationLog.ts';
import type { Operation } from './operations.ts';

const op = (count: number): Operation => ({ kind: 'enqueue', count, at: 0 });

/** What can be done to a log: append, take the last off (undo), redo what was taken off, or cut a prefix. */
type Action =
  | { readonly kind: 'append'; readonly from: number; readonly count: number }
  | { readonly kind: 'undo'; readonly from: number }
  | { readonly kind: 'redo'; readonly from: number }
  | { readonly kind: 'prefix'; readonly from: number; readonly length: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('append' as const), from: fc.nat(), count: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ kind: fc.constant('undo' as const), from: fc.nat() }),
  fc.record({ kind: fc.constant('redo' as const), from: fc.nat() }),
  fc.record({ kind: fc.constant('prefix' as const), from: fc.nat(), length: fc.nat({ max: 40 }) }),
);

describe('OperationLog', () => {
  it('every view keeps reading what it held, whatever is appended to it or to other views after (property)', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 80 }), (actions) => {
        // each log made so far, beside the plain array it must equal
        const views: Array<{ log: OperationLog; model: Operation[]; undone: Operation[] }> = [
          { log: OperationLog.empty(), model: [], undone: [] },
        ];
        for (const a of actions) {
          const base = views[a.from % views.length]!;
          if (a.kind === 'append') {
            const next = op(a.count);
            views.push({ log: base.log.append(next), model: [...base.model, next], undone: [] });
          } else if (a.kind === 'undo' && base.model.length > 0) {
            views.push({
              log: base.log.prefix(base.log.length - 1),
              model: base.model.slice(0, -1),
              undone: [...base.undone, base.model.at(-1)!],
            });
          } else if (a.kind === 'redo' && base.undone.length > 0) {
            const again = base.undone.at(-1)!;
            views.push({ log: base.log.append(again), model: [...base.model, again], undone: base.undone.slice(0, -1) });
          } else if (a.kind === 'prefix') {
            const n = Math.min(a.length, base.model.length);
            views.push({ log: base.log.prefix(a.length), model: base.model.slice(0, n), undone: [] });
          }
        }
        for (const { log, model } of views) {
          expect(log.length).toBe(model.length);
          expect([...log]).toEqual(model);
          expect(log.slice()).toEqual(model);
          expect(log.slice(1, -1)).toEqual(model.slice(1, -1));
          expect(log.at(-1)).toBe(model.at(-1));
          expect(log.at(model.length)).toBeUndefined();
          for (let i = 0; i < model.length; i++) expect(log.at(i)).toBe(model[i]);
        }
        // sharedPrefix never claims more than the two really share
        for (const a of views)
          for (const b of views) {
            const shared = a.log.sharedPrefix(b.log);
            expect(shared).toBeLessThanOrEqual(Math.min(a.model.length, b.model.length));
            for (let i = 0; i < shared; i++) expect(a.log.at(i)).toBe(b.log.at(i));
          }
      }),
    );
  });

  it('appends to the newest view in place and shares the entries of a redo', () => {
    const one = OperationLog.empty().append(op(1));
    const two = one.append(op(2));
    expect(two.sharedPrefix(one)).toBe(1); // one backing array
    const back = two.prefix(1);
    expect(back.sharedPrefix(two)).toBe(1);
    // the redo of the operation taken off shares the array; another operation copies
    expect(back.append(two.at(-1)!).sharedPrefix(two)).toBe(2);
    const other = back.append(op(3));
    expect(other.sharedPrefix(two)).toBe(0);
    expect([...other]).toEqual([op(1), op(3)]);
    expect([...two]).toEqual([op(1), op(2)]);
  });

  it('from() copies an array once and gives a log back as it is', () => {
    const array = [op(1), op(2)];
    const log = OperationLog.from(array);
    array.push(op(3));
    expect(log.length).toBe(2);
    expect(OperationLog.from(log)).toBe(log);
    expect(log.sharedPrefix(array)).toBe(0);
  });

  it('counts the jobs of every view (what the page scale counts), shared or copied', () => {
    const log = OperationLog.from([op(1), { kind: 'reset' }, op(2)]);
    expect(log.jobs).toBe(3);
    const more = log.append(op(10));
    expect(more.jobs).toBe(13);
    expect(log.jobs).toBe(3);
    expect(more.prefix(1).jobs).toBe(1);
    expect(more.prefix(0).jobs).toBe(0);
    expect(more.prefix(2).append(op(5)).jobs).toBe(6); // a copy
    expect(more.jobs).toBe(13);
  });
});
