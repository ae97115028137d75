// Measures the CPU time (user + sys) of each suite of the README's test command (`npm test`, that is
// scripts/test-all.mjs) and writes the figures into docs/testing.md between the lines
// `<!-- measure:suite:start -->` and `<!-- measure:suite:end -->`, so the document holds what was
// measured, never a copy of it.
//
// CPU time rather than wall time: the machine is shared, and other work stretches a suite's wall
// time several times over while its CPU time moves little. Each suite runs alone, one after the
// other, under /usr/bin/time, whose figures are the rusage of the suite's process and every
// descendant it waited for (Vitest's workers, redis-server, vite build and preview, Chromium).
//
//   npm run measure:suite                              # every suite, then write docs/testing.md
//   npm run measure:suite -- --only unit,e2e           # some suites: printed, not written
//   npm run measure:suite -- --no-write                # print only
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

const DOC = new URL('../docs/testing.md', import.meta.url);
const START = '<!-- measure:suite:start -->';
const END = '<!-- measure:suite:end -->';
const TIME = '/usr/bin/time';

/** A free port on 127.0.0.1 for the browser tests' preview server, unless FIRETIME_E2E_PORT names one. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const e2ePort = process.env.FIRETIME_E2E_PORT ?? String(await freePort());

/** The suites of scripts/test-all.mjs, in its order, each as the command it runs. */
const SUITES = [
  {
    name: 'packages',
    what: 'conformance/ and bench/ packages (a no-op once installed)',
    argv: ['node', 'scripts/sub-packages.mjs'],
  },
  {
    name: 'check',
    what: '`npm run check` (typecheck and ESLint on one program, dependency-cruiser, Prettier)',
    argv: ['npm', 'run', 'check'],
  },
  { name: 'unit', what: 'Vitest project `unit` (Node)', argv: ['node_modules/.bin/vitest', 'run', '--project', 'unit'] },
  {
    name: 'components',
    what: 'Vitest project `components` (jsdom)',
    argv: ['node_modules/.bin/vitest', 'run', '--project', 'components'],
  },
  {
    name: 'conformance',
    what: 'Vitest project `conformance` (redis-server, the libraries)',
    argv: ['node_modules/.bin/vitest', 'run', '--project', 'conformance'],
  },
  {
    name: 'slow',
    what: 'the slow lane (`test:slow`: the live demo on a real queue, by real time)',
    argv: ['node_modules/.bin/vitest', 'run', '--config', 'scripts/vitest.slow.config.ts'],
  },
  {
    name: 'e2e',
    what: 'Playwright in Chromium (with `vite build` and `vite preview`)',
    argv: ['node_modules/.bin/playwright', 'test'],
    env: { FIRETIME_E2E_PORT: e2ePort },
  },
];

const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? new Set((args[onlyAt + 1] ?? '').split(',').filter(Boolean)) : null;
if (only) {
  const unknown = [...only].filter((name) => !SUITES.some((suite) => suite.name === name));
  if (unknown.length > 0) {
    console.error(`measure-suite: no suite named ${unknown.join(', ')} (suites: ${SUITES.map((s) => s.name).join(', ')})`);
    process.exit(2);
  }
}
const write = !args.includes('--no-write') && only === null;

if (!existsSync(TIME)) {
  console.error(`measure-suite: ${TIME} is missing (Debian package "time"); it reads each suite's CPU time`);
  process.exit(2);
}

const scratch = mkdtempSync(join(tmpdir(), 'measure-suite-'));

// /usr/bin/time counts a process only when its parent waits for it, up the tree to the suite's own
// process. A process whose parent ends first (Chromium's zygote and renderers, left behind when the
// browser closes) is handed to init and never counted there. A cgroup counts every process started
// inside it, so where cgroup v1's cpuacct can be written (as root) each suite also runs in one of
// its own, and the table shows both: the first to compare with earlier figures, the second as the
// whole cost.
const CPUACCT = '/sys/fs/cgroup/cpuacct';

/** A fresh cpuacct cgroup for `name`, or null where none can be made. */
function cgroupFor(name) {
  const dir = join(CPUACCT, `firetime-measure-${process.pid}-${name}`);
  try {
    mkdirSync(dir);
    return dir;
  } catch {
    return null;
  }
}

// On a shared machine the same work costs more CPU time when a neighbour keeps the other half of a
// physical core busy, and no process here can see that. So before each suite a fixed probe runs (the
// same arithmetic and sorting every time, in a Node of its own) and its CPU time is kept beside the
// suite's: a sign of how slow the machine was just then. Only a sign: it cannot see a neighbour who
// comes during the suite, so runs are compared by medians, never corrected by it.
const PROBE = `
let x = 0x9e3779b9, kept = 0;
const values = new Float64Array(1 << 20);
for (let round = 0; round < 6; round++) {
  for (let i = 0; i < values.length; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; values[i] = (x >>> 0) / 4294967296; }
  values.sort();
  kept += values[values.length >> 1];
}
const used = process.cpuUsage();
console.log(((used.user + used.system) / 1e6).toFixed(3), kept > 0);
`;

/** The probe's CPU seconds, its Node's start included. */
function probe() {
  const result = spawnSync(process.execPath, ['-e', PROBE], { encoding: 'utf8' });
  const seconds = Number(result.stdout.split(' ')[0]);
  if (result.status !== 0 || !Number.isFinite(seconds)) throw new Error(`measure-suite: the probe failed (${result.stderr})`);
  return seconds;
}

/** Runs one suite under /usr/bin/time; its CPU seconds (user, sys), wall seconds and whether it passed. */
function measure(suite) {
  const out = join(scratch, `${suite.name}.time`);
  const probed = probe();
  console.log(`\n=== measure ${suite.name}: ${suite.argv.join(' ')} (probe ${probed.toFixed(3)} s)`);
  const timed = [TIME, '-f', '%U %S %e %x', '-o', out, ...suite.argv];
  const cgroup = cgroupFor(suite.name);
  // sh joins the cgroup, then becomes /usr/bin/time: everything the suite starts is born inside it.
  const argv = cgroup === null ? timed : ['sh', '-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', cgroup, ...timed];
  const result = spawnSync(argv[0], argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  });
  let every = null;
  if (cgroup !== null) {
    every = Number(readFileSync(join(cgroup, 'cpuacct.usage'), 'utf8')) / 1e9;
    try {
      rmdirSync(cgroup);
    } catch {
      console.warn(`measure-suite: processes of ${suite.name} outlived it; ${cgroup} is left for them`);
    }
  }
  const text = existsSync(out) ? readFileSync(out, 'utf8').trim().split('\n').at(-1) : '';
  const [user, sys, wall, code] = text.split(' ').map(Number);
  if (!Number.isFinite(user)) throw new Error(`measure-suite: no time figures for ${suite.name} (${text})`);
  return { ...suite, user, sys, wall, every, probe: probed, passed: result.status === 0 && code === 0 };
}

const load = loadavg();
const started = new Date();
const results = SUITES.filter((suite) => only === null || only.has(suite.name)).map(measure);
rmSync(scratch, { recursive: true, force: true });

const seconds = (value) => value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const total = (key) => results.reduce((sum, result) => sum + result[key], 0);
const rows = results.map((r) => [
  `\`${r.name}\``,
  r.what,
  seconds(r.user + r.sys),
  r.every === null ? '–' : seconds(r.every),
  seconds(r.user),
  seconds(r.sys),
  seconds(r.wall),
  r.probe.toFixed(2),
  r.passed ? 'passed' : '**failed**',
]);
const probes = results.map((r) => r.probe).sort((a, b) => a - b);
const middle = probes.length >> 1;
const probeMedian = probes.length % 2 === 1 ? probes[middle] : (probes[middle - 1] + probes[middle]) / 2;
rows.push([
  '**all**',
  'the sum',
  `**${seconds(total('user') + total('sys'))}**`,
  results.every((r) => r.every !== null) ? `**${seconds(total('every'))}**` : '–',
  seconds(total('user')),
  seconds(total('sys')),
  seconds(total('wall')),
  `median ${probeMedian.toFixed(2)}`,
  results.every((r) => r.passed) ? 'passed' : '**failed**',
]);
const header = ['suite', 'what', 'CPU s (user + sys)', 'CPU s, every process', 'user s', 'sys s', 'wall s', 'probe s', 'result'];
const right = new Set([2, 3, 4, 5, 6, 7]);
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (cells) =>
  `| ${cells.map((cell, column) => (right.has(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join(' | ')} |`;
const rule = `| ${widths.map((width, column) => (right.has(column) ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`;

const section = [
  START,
  '',
  line(header),
  rule,
  ...rows.map(line),
  '',
  `Measured ${started.toISOString()} on Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, ` +
    `load average ${load.map((value) => value.toFixed(1)).join(' / ')} at the start; \`npm run measure:suite\``,
  '',
  END,
].join('\n');

console.log(`\n${section}`);
if (write) {
  const doc = readFileSync(DOC, 'utf8');
  const starts = doc.split(START).length - 1;
  const ends = doc.split(END).length - 1;
  if (starts !== 1 || ends !== 1 || doc.indexOf(START) > doc.indexOf(END)) {
    console.error(`measure-suite: docs/testing.md must hold ${START} once, then ${END} once; left as it was`);
    process.exit(1);
  }
  writeFileSync(DOC, doc.slice(0, doc.indexOf(START)) + section + doc.slice(doc.indexOf(END) + END.length));
  console.log('measure-suite: wrote the figures into docs/testing.md');
}
process.exit(results.every((r) => r.passed) ? 0 : 1);
