/**
 * A seeded generator of random sorted-set commands for the conformance suite: valid and invalid
 * commands and arguments over a few keys, a small member alphabet with non-ASCII members, scores
 * from a pool with ties, score and lex ranges, LIMITs, options in any case and order, wrong
 * arities and unknown commands. The same seed gives the same commands.
 */
import { seededRandom } from '../src/model/seededRandom.ts';

/** One command as MemoryRedis.call takes it (name first); numbers are Lua numbers. */
export type Command = [string, ...Array<string | number>];

const KEYS = ['k1', 'k1', 'k1', 'k2', 'k2', 'k3', 'missing'];
const MEMBERS = ['a', 'b', 'c', 'A', '10', '9', 'é', 'e', '日本', '😀', '\uFFFF', '', 'a b', 'ａ', '\uD800', '\uFFFD', 'x\uDFFF'];
const GOOD_SCORES: Array<string | number> = [
  '0',
  '-0',
  '1',
  '1',
  '2',
  '2',
  '3',
  '1.5',
  '0.1',
  '-3',
  'inf',
  '-inf',
  '+inf',
  '7e15',
  '1e20',
  '0x10',
  '9007199254740993',
  '1e-310',
  1,
  2,
  2.5,
  0.1,
  -0,
  7e15,
  Infinity,
];
/** Range ends in ascending order (0 and -0 are equal). */
const BOUNDS: Array<string | number> = [
  '-inf',
  -3,
  '-3',
  '0',
  '-0',
  0,
  '0.1',
  '1',
  1,
  '1.5',
  '2',
  2,
  '3',
  '0x10',
  '7e15',
  '1e20',
  '+inf',
];
const BAD_SCORES = ['nan', 'x', '', '1e400', ' 1', '1 ', '1e-400', '(1'];
const GOOD_INTEGERS: Array<string | number> = ['0', '1', '2', '-1', '-2', '3', '5', '-5', '10', '-100', 0, 1, -1];
const BAD_INTEGERS = ['1.5', 'x', '-0', '+1', '01', '', '9223372036854775808', 1.5];
const ZADD_OPTIONS = ['NX', 'XX', 'GT', 'LT', 'CH', 'INCR'];
const ZRANGE_WORDS = ['BYSCORE', 'BYLEX', 'REV', 'WITHSCORES', 'LIMIT'];
const UNKNOWN = ['foo', 'ZINCRBYX', 'zaddd', 'ZRANGEX', 'ZRANGEBYLEXX'];

/** Random commands for one case; `next()` yields the following command. */
export class CommandGenerator {
  private readonly random: () => number;

  constructor(seed: number) {
    this.random = seededRandom(seed);
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  private int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  /** A keyword in random letter case. */
  private word(keyword: string): string {
    if (this.chance(0.6)) return keyword;
    let out = '';
    for (const ch of keyword) out += this.chance(0.5) ? ch.toLowerCase() : ch;
    return out;
  }

  private key(): string {
    return this.pick(KEYS);
  }

  private member(): string {
    return this.pick(MEMBERS);
  }

  private score(): string | number {
    return this.chance(0.04) ? this.pick(BAD_SCORES) : this.pick(GOOD_SCORES);
  }

  private integer(): string | number {
    return this.chance(0.05) ? this.pick(BAD_INTEGERS) : this.pick(GOOD_INTEGERS);
  }

  /** A min and a max, in ascending order three times in four; `(` marks an exclusive end. */
  private scoreRange(): [string | number, string | number] {
    const bound = (i: number): string | number => {
      if (this.chance(0.03)) return this.pick(['x', 'nan', '(nan', '1 ', '((1']);
      const value = BOUNDS[i]!;
      return this.chance(0.3) ? `(${String(value)}` : value;
    };
    let i = this.int(0, BOUNDS.length - 1);
    let j = this.int(0, BOUNDS.length - 1);
    if (i > j && this.chance(0.75)) [i, j] = [j, i];
    return [bound(i), bound(j)];
  }

  private lexBound(): string {
    if (this.chance(0.03)) return this.pick(['a', '-a', '+b', 'x']);
    if (this.chance(0.25)) return this.pick(['-', '+']);
    return `${this.pick(['[', '('])}${this.chance(0.2) ? '' : this.member()}`;
  }

  private zadd(): Command {
    const args: Command = ['ZADD', this.key()];
    const options = this.chance(0.5) ? 0 : this.int(1, this.chance(0.9) ? 2 : 4);
    let incr = false;
    for (let i = 0; i < options; i++) {
      const option = this.pick(ZADD_OPTIONS);
      incr ||= option === 'INCR';
      args.push(this.word(option));
    }
    const pairs = this.chance(0.05) ? 0 : incr && this.chance(0.85) ? 1 : this.int(1, 3);
    for (let i = 0; i < pairs; i++) args.push(this.score(), this.member());
    if (this.chance(0.04)) args.push(this.chance(0.5) ? this.member() : this.word('NX'));
    return args;
  }

  private zrangeOptions(args: Command, words: readonly string[], boundsOf: string): void {
    const count = this.int(0, 3);
    for (let i = 0; i < count; i++) {
      const word = this.pick(words);
      args.push(this.word(word));
      if (word === 'LIMIT') {
        const numbers = this.chance(0.95) ? 2 : this.int(0, 1);
        for (let j = 0; j < numbers; j++) args.push(this.chance(0.8) ? this.int(j === 0 ? 0 : -1, 3) : this.integer());
      }
    }
    if (boundsOf === 'lex' && this.chance(0.3)) args.push(this.word('BYLEX'));
  }

  private zrange(): Command {
    const mode = this.pick(['rank', 'rank', 'score', 'score', 'lex']);
    const args: Command = ['ZRANGE', this.key()];
    if (mode === 'rank') args.push(this.integer(), this.integer());
    else if (mode === 'score') args.push(...this.scoreRange(), this.word('BYSCORE'));
    else args.push(this.lexBound(), this.lexBound());
    this.zrangeOptions(args, mode === 'rank' ? ['REV', 'WITHSCORES', 'WITHSCORES', 'LIMIT', 'BYSCORE'] : ZRANGE_WORDS, mode);
    return args;
  }

  private byScore(command: 'ZRANGEBYSCORE' | 'ZREVRANGEBYSCORE'): Command {
    const [min, max] = this.scoreRange();
    const args: Command = command === 'ZRANGEBYSCORE' ? [command, this.key(), min, max] : [command, this.key(), max, min];
    this.zrangeOptions(args, this.chance(0.9) ? ['WITHSCORES', 'LIMIT', 'LIMIT'] : ZRANGE_WORDS, 'score');
    return args;
  }

  /** The next random command. */
  next(): Command {
    const roll = this.random();
    if (roll < 0.36) return this.zadd();
    if (roll < 0.48) return this.zrange();
    if (roll < 0.6) return this.byScore(this.chance(0.5) ? 'ZRANGEBYSCORE' : 'ZREVRANGEBYSCORE');
    if (roll < 0.64) return ['ZREM', this.key(), ...Array.from({ length: this.int(1, 3) }, () => this.member())];
    if (roll < 0.7) return [this.pick(['ZSCORE', 'ZRANK', 'ZREVRANK']), this.key(), this.member()];
    if (roll < 0.73) return ['ZMSCORE', this.key(), ...Array.from({ length: this.int(1, 3) }, () => this.member())];
    if (roll < 0.75) return ['ZCARD', this.key()];
    if (roll < 0.8) return ['ZCOUNT', this.key(), ...this.scoreRange()];
    if (roll < 0.84) {
      const args: Command = [this.pick(['ZPOPMIN', 'ZPOPMAX']), this.key()];
      if (this.chance(0.6)) args.push(this.chance(0.8) ? this.int(0, 3) : this.integer());
      if (this.chance(0.03)) args.push('1');
      return args;
    }
    if (roll < 0.86) return [this.pick(['DEL', 'EXISTS']), ...Array.from({ length: this.int(1, 3) }, () => this.key())];
    if (roll < 0.865) return this.chance(0.5) ? ['FLUSHALL'] : ['FLUSHALL', this.pick(['x', 'async', 'SYNC', 'lazy'])];
    if (roll < 0.89) return [this.pick(UNKNOWN), ...Array.from({ length: this.int(0, 3) }, () => this.member())];
    return this.wrongArity();
  }

  /** A known command with too few or too many arguments. */
  private wrongArity(): Command {
    const command = this.pick([
      'ZADD',
      'ZREM',
      'ZSCORE',
      'ZMSCORE',
      'ZRANK',
      'ZREVRANK',
      'ZCARD',
      'ZCOUNT',
      'ZRANGE',
      'ZRANGEBYSCORE',
      'ZREVRANGEBYSCORE',
      'ZPOPMIN',
      'ZPOPMAX',
      'DEL',
      'EXISTS',
    ]);
    const args: Command = [this.word(command)];
    const length = this.chance(0.5) ? this.int(0, 2) : this.int(3, 5);
    for (let i = 0; i < length; i++) args.push(i === 0 ? this.key() : this.chance(0.5) ? this.member() : this.integer());
    return args;
  }
}
