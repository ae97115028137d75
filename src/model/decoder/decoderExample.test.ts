import { describe, expect, it } from 'vitest';
import { exampleCliPaste } from './decoderExample.ts';
import { decodePaste } from './scoreDecoder.ts';

describe('exampleCliPaste', () => {
  const text = exampleCliPaste();
  const decoded = decodePaste(text);

  it('is a terminal session the decoder reads whole: three prompts, no unreadable line', () => {
    expect(decoded.layout).toBe('numbered');
    expect(decoded.skipped.map((line) => line.text)).toEqual([
      '127.0.0.1:6379> ZRANGE bull:mail:delayed 0 5 WITHSCORES',
      '127.0.0.1:6379> ZRANGE bull:mail:delayed -8 -1 WITHSCORES',
      '127.0.0.1:6379> ZRANGE resque:delayed_queue_schedule 0 -1 WITHSCORES',
    ]);
    expect(decoded.unreadable).toEqual([]);
    expect(text).toContain('"digest:m\\xc3\\xbcnchen"');
  });

  it('shows collisions, a saturated band in member byte order, the cliff and bare timestamps', () => {
    const byMember = new Map(decoded.rows.map((row) => [row.member, row]));
    expect(['1', '2', '3', 'digest:münchen'].map((id) => byMember.get(id)?.slot)).toEqual([0, 1, 2, 3]);
    const ceiling = decoded.rows.filter((row) => row.flags.includes('ceiling')).map((row) => row.member);
    expect(ceiling).toEqual(['10000', '10001', '9998', '9999']);
    expect(byMember.get('report:2040-q1')?.flags).toEqual(['first', 'pastCliff', 'previousCeiling', 'shared']);
    expect(byMember.get('report:2040-q1')?.score).toBe(byMember.get('report:2040-q2')?.score);
    expect(decoded.flagCounts.notBand).toBe(2);
    expect(decoded.saturatedBands).toBe(1);
  });
});
