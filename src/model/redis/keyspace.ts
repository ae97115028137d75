/**
 * The keyspace of MemoryRedis: key -> sorted set, where a set that becomes empty loses its key.
 *
 * It also remembers which sets Redis would still hold in its compact listpack encoding, because
 * that shows in replies: a listpack stores a whole-number score as an integer (zzlInsertAt,
 * double2ll), so -0 comes back as 0, while a skiplist keeps -0. Redis 7.0 creates a set as a
 * listpack unless the first member ZADD names is longer than 64 bytes (zaddGenericCommand; the
 * pair count is not looked at before 7.2), turns it into a skiplist when a new member would be
 * the 129th or is longer than 64 bytes (zsetAdd), and never turns it back.
 */
import { SortedSet } from './sortedSet.ts';

/** zset-max-listpack-entries, default 128. */
const LISTPACK_MAX_ENTRIES = 128;
/** zset-max-listpack-value, default 64 (bytes). */
const LISTPACK_MAX_MEMBER_BYTES = 64;

/** UTF-8 length of a member, measured only when it could decide the encoding (22..64 units). */
function exceedsListpackMember(member: string): boolean {
  if (member.length * 3 <= LISTPACK_MAX_MEMBER_BYTES) return false;
  if (member.length > LISTPACK_MAX_MEMBER_BYTES) return true;
  let bytes = 0;
  for (let i = 0; i < member.length; i++) {
    const unit = member.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit < 0xdc00 && i + 1 < member.length) {
      const next = member.charCodeAt(i + 1);
      if (next >= 0xdc00 && next < 0xe000) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes > LISTPACK_MAX_MEMBER_BYTES;
}

/** The db of one Redis server as far as sorted sets go (db.c lookupKey, dbAdd, dbDelete). */
export class Keyspace {
  private readonly sets = new Map<string, SortedSet>();
  private readonly listpacks = new WeakSet<SortedSet>();

  /** lookupKeyRead / lookupKeyWrite. */
  get(key: string): SortedSet | undefined {
    return this.sets.get(key);
  }

  /** EXISTS for one key. */
  has(key: string): boolean {
    return this.sets.has(key);
  }

  /** ZADD's createZsetListpackObject / createZsetObject + dbAdd for a new key; `firstMember` picks the encoding. */
  create(key: string, firstMember: string): SortedSet {
    const set = new SortedSet();
    if (!exceedsListpackMember(firstMember)) this.listpacks.add(set);
    this.sets.set(key, set);
    return set;
  }

  /**
   * zsetAdd's write of `member` at `score` (insert when `isNew`, else move); a listpack set
   * becomes a skiplist first when the new member does not fit, and stores -0 as 0 otherwise.
   */
  write(set: SortedSet, member: string, score: number, isNew: boolean): void {
    if (set.size <= LISTPACK_MAX_ENTRIES && this.listpacks.has(set)) {
      if (isNew && (set.size + 1 > LISTPACK_MAX_ENTRIES || exceedsListpackMember(member))) this.listpacks.delete(set);
      else if (score === 0) score = 0; // -0 === 0: store it as +0, as the listpack's integer 0 reads back
    }
    set.set(member, score);
  }

  /**
   * zsetAdd's write with no NX, XX, GT, LT or INCR to test first: writes `member` at `score` and
   * returns the score it had (undefined when new), with the listpack rules of write().
   */
  put(set: SortedSet, member: string, score: number): number | undefined {
    // a listpack never holds more than LISTPACK_MAX_ENTRIES: a larger set is a skiplist, no lookup needed
    if (set.size > LISTPACK_MAX_ENTRIES || !this.listpacks.has(set)) return set.put(member, score);
    const current = set.score(member);
    if (current !== score) this.write(set, member, score, current === undefined);
    return current;
  }

  /** dbDelete: true when the key existed. */
  delete(key: string): boolean {
    return this.sets.delete(key);
  }

  /** The end of ZREM and ZPOPMIN: a set left empty loses its key. */
  deleteIfEmpty(key: string, set: SortedSet): void {
    if (set.size === 0) this.sets.delete(key);
  }

  /** FLUSHALL. */
  clear(): void {
    this.sets.clear();
  }
}
