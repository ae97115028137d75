/**
 * src/model/doubles.ts against a real Redis 7.0.15: score text through ZADD (accepted or not, and
 * what ZSCORE prints back), range bounds through ZRANGEBYSCORE, LIMIT numbers, and random doubles
 * through a Lua number (the text redis.call sends, and the score printed after ZADD).
 *
 * Every check runs inside one EVAL that builds its keys, asks, and deletes them again. Inside a script, redis.pcall hands an error back as a table; the scripts return it
 * as '!' followed by the error text, which no score or count starts with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceRedis, type ConformanceRedis } from './databases.ts';
import fc from 'fast-check';
import { RespClient, RespError, type RespReply } from '../test-support/resp-client.ts';
import { INTEGER_ARGS, RANGE_BOUNDS, SCORE_ARGS } from '../test-support/redisNumberTexts.ts';
import { formatScore, luaNumberArg, parseIntegerArg, parseRangeBound, parseScoreArg } from '../src/model/redis/doubles.ts';

/** A member longer than zset-max-listpack-value (64), so the set is a skiplist and keeps -0 as -0. */
const SKIPLIST_FILLER = "string.rep('f', 65)";

/** ZADD each ARGV as a score, reply with what ZSCORE prints, or '!error'. */
const ZADD_SCRIPT = `
local key = KEYS[1]
redis.call('DEL', key)
redis.call('ZADD', key, 0, ${SKIPLIST_FILLER})
local out = {}
for i, text in ipairs(ARGV) do
  local member = 'm' .. i
  local added = redis.pcall('ZADD', key, text, member)
  if type(added) == 'table' and added.err then
    out[#out + 1] = '!' .. added.err
  else
    out[#out + 1] = redis.call('ZSCORE', key, member)
  end
end
redis.call('DEL', key)
return out`;

/** Scores of the fixture set the range bounds are tried against. */
const FIXTURE = [-Infinity, -1e300, -1, -0.5, 0, 5e-324, 0.5, 1, 5, 16, 1e300, Infinity];

/** For each ARGV bound: how many members ZRANGEBYSCORE bound +inf and -inf bound return, or '!error'. */
const RANGE_SCRIPT = `
local key = KEYS[1]
redis.call('DEL', key)
local scores = {${FIXTURE.map((s) => `'${luaNumberArg(s)}'`).join(', ')}}
for i, score in ipairs(scores) do redis.call('ZADD', key, score, 'm' .. i) end
local out = {}
for _, bound in ipairs(ARGV) do
  local above = redis.pcall('ZRANGEBYSCORE', key, bound, '+inf')
  local below = redis.pcall('ZRANGEBYSCORE', key, '-inf', bound)
  if above.err then out[#out + 1] = '!' .. above.err else out[#out + 1] = tostring(#above) end
  if below.err then out[#out + 1] = '!' .. below.err else out[#out + 1] = tostring(#below) end
end
redis.call('DEL', key)
return out`;

const LIMIT_SET_SIZE = 5;
/** For each ARGV n: member counts of LIMIT n 1 and LIMIT 0 n over a 5-member set, or '!error'. */
const LIMIT_SCRIPT = `
local key = KEYS[1]
redis.call('DEL', key)
for i = 1, ${LIMIT_SET_SIZE} do redis.call('ZADD', key, i, 'm' .. i) end
local out = {}
for _, n in ipairs(ARGV) do
  local asOffset = redis.pcall('ZRANGEBYSCORE', key, '-inf', '+inf', 'LIMIT', n, 1)
  local asCount = redis.pcall('ZRANGEBYSCORE', key, '-inf', '+inf', 'LIMIT', 0, n)
  if asOffset.err then out[#out + 1] = '!' .. asOffset.err else out[#out + 1] = tostring(#asOffset) end
  if asCount.err then out[#out + 1] = '!' .. asCount.err else out[#out + 1] = tostring(#asCount) end
end
redis.call('DEL', key)
return out`;

/** Each ARGV through Lua: tonumber, then as a redis.call argument (SET/GET shows its text), then ZADD + ZSCORE. */
const LUA_NUMBER_SCRIPT = `
local key, scratch = KEYS[1], KEYS[2]
redis.call('DEL', key, scratch)
redis.call('ZADD', key, 0, ${SKIPLIST_FILLER})
local out = {}
for i, text in ipairs(ARGV) do
  local n = tonumber(text)
  redis.call('SET', scratch, n)
  out[#out + 1] = redis.call('GET', scratch)
  redis.call('ZADD', key, n, 'm' .. i)
  out[#out + 1] = redis.call('ZSCORE', key, 'm' .. i)
end
redis.call('DEL', key, scratch)
return out`;

let redis: ConformanceRedis;
let client: RespClient;
let compared = 0;

beforeAll(async () => {
  redis = await conformanceRedis(import.meta.url);
  client = redis.client;
});

afterAll(async () => {
  console.log(`conformance doubles: ${compared} cases compared with redis-server`);
  // 7,180 cases today: far fewer means a table of cases stopped being compared.
  expect(compared, 'cases compared with redis-server').toBeGreaterThanOrEqual(7000);
  await redis.close();
});

async function evalScript(script: string, keys: string[], args: string[]): Promise<string[]> {
  const reply: RespReply = await client.call('EVAL', script, keys.length, ...keys, ...args);
  if (reply instanceof RespError) throw new Error(`script failed: ${reply.message}`);
  return reply as string[];
}

/** What the model says ZADD replies for a score text: '!' + error, or the printed score. */
function modelZadd(text: string): string {
  const score = parseScoreArg(text);
  return score === null ? '!ERR value is not a valid float' : formatScore(score, '7.0');
}

/** The model's counts for a bound: members with score above it (bound +inf) and below it (-inf bound). */
function modelRange(text: string): [string, string] {
  const bound = parseRangeBound(text);
  if (bound === null) return ['!ERR min or max is not a float', '!ERR min or max is not a float'];
  const { value, exclusive } = bound;
  const above = FIXTURE.filter((s) => (exclusive ? s > value : s >= value)).length;
  const below = FIXTURE.filter((s) => (exclusive ? s < value : s <= value)).length;
  return [String(above), String(below)];
}

/** The model's counts for LIMIT n 1 and LIMIT 0 n over the 5-member set. */
function modelLimit(text: string): [string, string] {
  const n = parseIntegerArg(text);
  if (n === null) return ['!ERR value is not an integer or out of range', '!ERR value is not an integer or out of range'];
  const asOffset = n < 0 ? 0 : Math.min(1, Math.max(0, LIMIT_SET_SIZE - n));
  const asCount = n < 0 ? LIMIT_SET_SIZE : Math.min(n, LIMIT_SET_SIZE);
  return [String(asOffset), String(asCount)];
}

async function compareZadd(texts: string[]): Promise<void> {
  const server = await evalScript(ZADD_SCRIPT, ['{doubles}:zadd'], texts);
  expect(texts.map((t, i) => [t, server[i]])).toEqual(texts.map((t) => [t, modelZadd(t)]));
  compared += texts.length;
}

async function compareRange(texts: string[]): Promise<void> {
  const server = await evalScript(RANGE_SCRIPT, ['{doubles}:range'], texts);
  expect(texts.map((t, i) => [t, server[2 * i], server[2 * i + 1]])).toEqual(texts.map((t) => [t, ...modelRange(t)]));
  compared += texts.length;
}

async function compareLimit(texts: string[]): Promise<void> {
  const server = await evalScript(LIMIT_SCRIPT, ['{doubles}:limit'], texts);
  expect(texts.map((t, i) => [t, server[2 * i], server[2 * i + 1]])).toEqual(texts.map((t) => [t, ...modelLimit(t)]));
  compared += texts.length;
}

/** Score texts: the model's table (test-support) and more, with the outcome on 7.0.15 noted where it surprises. */
const SCORE_TEXTS = [
  ...SCORE_ARGS.taken.map(([text]) => text),
  ...SCORE_ARGS.refused,
  '0',
  '1',
  '-1',
  '-0',
  '-0.0',
  '1e+5',
  '1e-5',
  '0.1',
  '0.3',
  '3.3',
  '7045120004096005.5',
  '9007199254740993',
  '18014398509481988',
  '123456789012345678',
  '1e16',
  '1e17',
  '1e20',
  '1e21',
  '1e100',
  '-1.5e-7',
  '0.0001234',
  '123456.789',
  '2.2250738585072011e-308',
  '2.98023223876953125e-08',
  '1000000000000000.25',
  '1000000000000000.75', // exact halfway at 17 digits
  '0x20000000000001',
  '0x20000000000003',
  '-0x0p0',
  'infinityx',
  '(5',
];

const BOUND_TEXTS = [
  ...RANGE_BOUNDS.taken.map(([text]) => text),
  ...RANGE_BOUNDS.refused,
  '(+inf',
  'inf',
  '-INF',
  '(1e400',
  '0',
  '-0',
  '(0',
  '(-0',
  '0.5',
  '(0.5',
  '4.9e-324',
  '(4.9e-324',
  '16',
  '(16',
  '1e300',
  '(1e300',
  '-1',
  '(-1',
  '0x1p-1074',
  '2.4703282292062327e-324',
];

const LIMIT_TEXTS = [
  ...INTEGER_ARGS.taken.map(([text]) => text),
  ...INTEGER_ARGS.refused,
  '2',
  '5',
  '6',
  '-5',
  '4294967296',
  '-4294967297',
];

describe('score text on redis-server 7.0.15', () => {
  it('ZADD accepts, refuses and prints back exactly as parseScoreArg + formatScore say', async () => {
    expect(SCORE_TEXTS.length).toBeGreaterThanOrEqual(60);
    await compareZadd(SCORE_TEXTS);
  });

  it('ZRANGEBYSCORE takes, refuses and places bounds as parseRangeBound says', async () => {
    await compareRange(BOUND_TEXTS);
  });

  it('LIMIT takes and refuses numbers as parseIntegerArg says', async () => {
    await compareLimit(LIMIT_TEXTS);
  });

  it('stores -0 as 0 in a small (listpack) set but keeps -0 in a skiplist: storage, not printing', async () => {
    const script = `
      redis.call('DEL', KEYS[1])
      redis.call('ZADD', KEYS[1], '-0', 'm')
      local small = redis.call('ZSCORE', KEYS[1], 'm')
      redis.call('ZADD', KEYS[1], 0, ${SKIPLIST_FILLER})
      redis.call('ZADD', KEYS[1], '-0', 'n')
      local big = redis.call('ZSCORE', KEYS[1], 'n')
      redis.call('DEL', KEYS[1])
      return {small, big}`;
    expect(await evalScript(script, ['{doubles}:zero'], [])).toEqual(['0', '-0']);
    compared += 2;
  });
});

const piece = fc.constantFrom(
  '0',
  '1',
  '5',
  '9',
  '.',
  'e',
  'E',
  '+',
  '-',
  'x',
  'X',
  'p',
  'a',
  'f',
  'inf',
  'inity',
  'nan',
  '(',
  ' ',
  '\t',
  '0x',
  '1e400',
  '\0',
  '7e-324',
);
/**
 * ZADD reads these words as flags before the score-member pairs, so they never reach string2d.
 * It compares with strcasecmp, which stops at a NUL: "XX\0junk" is the XX flag too.
 */
const ZADD_FLAG = /^(nx|xx|gt|lt|ch|incr)(\0|$)/i;
const fuzzText = fc
  .array(piece, { maxLength: 7 })
  .map((parts) => parts.join(''))
  .filter((text) => !ZADD_FLAG.test(text));
const hexText = fc
  .tuple(
    fc.constantFrom('', '-', '+'),
    fc.stringMatching(/^[0-9a-f]{1,20}$/),
    fc.option(fc.stringMatching(/^[0-9A-F]{0,20}$/)),
    fc.integer({ min: -1160, max: 1100 }),
  )
  .map(([sign, whole, fraction, exponent]) => `${sign}0x${whole}${fraction === null ? '' : `.${fraction}`}p${exponent}`);
const decimalText = fc
  .tuple(fc.constantFrom('', '-'), fc.stringMatching(/^[0-9]{1,40}$/), fc.integer({ min: -360, max: 330 }))
  .map(([sign, digits, exponent]) => `${sign}${digits.slice(0, 1)}.${digits.slice(1)}e${exponent}`);
const tieProne = fc
  .tuple(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 1, max: 30 }))
  .map(([m, n]) => m / 2 ** n);
const doubles = fc.oneof(
  { weight: 4, arbitrary: fc.double({ noNaN: true }) },
  { weight: 1, arbitrary: tieProne },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 ** 30 }).map((fireTime) => fireTime * 0x1000 + 2 ** 41 * 0x1000) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, Infinity, -Infinity, 5e-324, -5e-324, Number.MAX_VALUE, 2 ** 53, 2 ** 62) },
);

describe('random text and doubles on redis-server 7.0.15', () => {
  it('ZADD agrees on random score texts (fuzz, hex, long decimals)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fuzzText, hexText, decimalText), { minLength: 100, maxLength: 100 }), compareZadd),
      { numRuns: 20 },
    );
  });

  it('ZRANGEBYSCORE agrees on random bound texts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fuzzText,
            fuzzText.map((t) => `(${t}`),
            hexText,
          ),
          { minLength: 100, maxLength: 100 },
        ),
        compareRange,
      ),
      { numRuns: 10 },
    );
  });

  it('luaNumberArg is the text Lua sends and formatScore is what ZSCORE prints, for random doubles', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(doubles, { minLength: 250, maxLength: 250 }), async (xs) => {
        const server = await evalScript(LUA_NUMBER_SCRIPT, ['{doubles}:lua', '{doubles}:scratch'], xs.map(luaNumberArg));
        const got = xs.map((x, i) => [x, server[2 * i], server[2 * i + 1]]);
        const want = xs.map((x) => [x, luaNumberArg(x), formatScore(x, '7.0')]);
        expect(got).toEqual(want);
        compared += xs.length;
      }),
      { numRuns: 16 },
    );
  });
});
