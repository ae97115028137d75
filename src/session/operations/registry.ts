/**
 * Every operation kind, by its name: what the Session runs, the codec reads and writes, and the
 * cost counts. A new kind is a module beside these and one line here. The order is the order a
 * link writes its starting settings in.
 */
import { batch } from './batch.ts';
import { delay } from './delay.ts';
import { enqueue } from './enqueue.ts';
import { freeze } from './freeze.ts';
import { idStyle } from './idStyle.ts';
import type { Kind, OperationKind, OperationOf } from './kind.ts';
import { live } from './live.ts';
import { prefix } from './prefix.ts';
import { promote } from './promote.ts';
import { reset } from './reset.ts';
import { unit } from './unit.ts';

export const OPERATION_KINDS: { readonly [K in Kind]: OperationKind<K> } = {
  delay,
  unit,
  live,
  freeze,
  idStyle,
  prefix,
  batch,
  enqueue,
  promote,
  reset,
};

/** The kind of `op`. */
export function kindOf<K extends Kind>(op: OperationOf<K>): OperationKind<K> {
  return OPERATION_KINDS[op.kind];
}

/** Any one kind. */
export type AnyKind = { readonly [K in Kind]: OperationKind<K> }[Kind];

/** The kinds in registry order. */
export const ALL_KINDS: readonly AnyKind[] = Object.values(OPERATION_KINDS);
