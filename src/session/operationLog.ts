/**
 * The scenario's operations as an append-only log with structural sharing: every log is a view
 * (the first `length` entries) of a backing array that only ever grows at its end, so appending to
 * the newest view pushes in place (O(1)) and every older view stays what it was (it reads only
 * its own first `length` entries, which are never written again). Taking the last operation off
 * is a shorter view of the same array; appending to a view that is not the newest copies its
 * entries once (or, when the operation appended is the one the array already holds next, as a
 * redo does, shares them). Playing 1,000 jobs a second thus costs the same per job at the
 * 100,000th job as at the first, where copying the list on every enqueue cost O(operations).
 */
import type { Operation, OperationList } from './operations.ts';
import { kindOf } from './operations/registry.ts';

export class OperationLog implements OperationList {
  /** A new empty log (with a backing array of its own). */
  static empty(): OperationLog {
    return new OperationLog([], 0);
  }

  private constructor(
    /** Shared by every view cut from it; entries below its length are never overwritten. */
    private readonly backing: Operation[],
    readonly length: number,
    /** jobsBefore[i]: the jobs the backing's first i operations enqueue (one more entry than the backing). */
    private readonly jobsBefore: number[] = jobSums(backing),
  ) {}

  /** The jobs this log's enqueues write in all (what the page's scale counts), in O(1). */
  get jobs(): number {
    return this.jobsBefore[this.length]!;
  }

  /** A log holding `operations` (copied once), or the list itself when it is already a log. */
  static from(operations: OperationList): OperationLog {
    return operations instanceof OperationLog ? operations : new OperationLog([...operations], operations.length);
  }

  at(index: number): Operation | undefined {
    const i = index < 0 ? index + this.length : index;
    return i >= 0 && i < this.length ? this.backing[i] : undefined;
  }

  /** This log with `op` at the end: in place on the newest view (O(1)), else a copy of this view's entries. */
  append(op: Operation): OperationLog {
    if (this.backing.length === this.length) {
      this.backing.push(op);
      this.jobsBefore.push(this.jobs + jobsOf(op));
      return new OperationLog(this.backing, this.length + 1, this.jobsBefore);
    }
    if (this.backing[this.length] === op) return new OperationLog(this.backing, this.length + 1, this.jobsBefore);
    const copy = this.backing.slice(0, this.length);
    const sums = this.jobsBefore.slice(0, this.length + 1);
    copy.push(op);
    sums.push(this.jobs + jobsOf(op));
    return new OperationLog(copy, copy.length, sums);
  }

  /** The first `length` operations (O(1), shares this log's entries); `length` is clamped to 0..this.length. */
  prefix(length: number): OperationLog {
    return length >= this.length ? this : new OperationLog(this.backing, Math.max(0, length), this.jobsBefore);
  }

  /**
   * How many leading operations this log and `other` are known to share without comparing them:
   * their shorter length when both are views of one backing array, else 0.
   */
  sharedPrefix(other: OperationList): number {
    return other instanceof OperationLog && other.backing === this.backing ? Math.min(this.length, other.length) : 0;
  }

  slice(start?: number, end?: number): Operation[] {
    return this.backing.slice(0, this.length).slice(start, end);
  }

  *[Symbol.iterator](): Iterator<Operation> {
    for (let i = 0; i < this.length; i++) yield this.backing[i]!;
  }
}

function jobsOf(op: Operation): number {
  return kindOf(op).jobs(op);
}

function jobSums(operations: readonly Operation[]): number[] {
  const sums = [0];
  for (const op of operations) sums.push(sums[sums.length - 1]! + jobsOf(op));
  return sums;
}
