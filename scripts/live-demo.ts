/**
 * `npm run live-demo [-- options]`: everything needed to watch a real BullMQ 6.7.0 queue in the
 * Live Redis panel, from one command (scripts/liveDemo.ts): a redis-server, the page, the
 * read-only bridge, a producer and a worker telling a story that loops. Prints the one address
 * to open (the page, its panel already pointed at the bridge) and each phase of the story as it
 * runs; Ctrl-C stops everything it started.
 */
import { DEFAULT_DEMO_OPTIONS, startLiveDemo } from './liveDemo.ts';
import type { LiveDemo, LiveDemoOptions } from './liveDemo.ts';
import { DEFAULT_PAGE_PORTS } from './demoPage.ts';
import { DEFAULT_OPTIONS } from '../bridge/options.ts';

const USAGE = `npm run live-demo -- [options]
  --preview          serve the built app (vite build into a temporary folder, then vite preview)
                     instead of the Vite dev server
  --page-port <n>    the page's port (default ${DEFAULT_PAGE_PORTS.dev}, or ${DEFAULT_PAGE_PORTS.preview} with --preview, or the next free one; 0: any free port)
  --app <url>        serve no page: link to this one, served some other way (its origin is the one the bridge answers)
  --redis <url>      use this Redis (default: start redis-server on a free loopback port)
  --port <n>         the bridge's port (default ${DEFAULT_OPTIONS.port}, or any free one if it is taken; 0: any free port)
  --queue <name>     the BullMQ queue (default ${DEFAULT_DEMO_OPTIONS.queueName})
  --cycle <seconds>  the length of one turn of the story, 10 to 3600 (default ${DEFAULT_DEMO_OPTIONS.cycleMs / 1000})`;

/** The options from the command line, or a message saying what is wrong. */
function parseArgs(args: readonly string[]): LiveDemoOptions | string {
  let options: LiveDemoOptions = DEFAULT_DEMO_OPTIONS;
  let preview = false;
  let pagePort: number | null = null;
  let appUrl: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    if (flag === '--help' || flag === '-h') return USAGE;
    if (flag === '--preview') {
      preview = true;
      continue;
    }
    const value = args[++i];
    if (value === undefined) return `${flag} needs a value`;
    const whole = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    switch (flag) {
      case '--redis':
        if (!/^rediss?:\/\//.test(value)) return '--redis takes a redis:// URL';
        options = { ...options, redisUrl: value };
        break;
      case '--port':
        if (!(whole >= 0 && whole <= 65535)) return '--port takes a port number, 0 to 65535';
        options = { ...options, bridgePort: whole };
        break;
      case '--page-port':
        if (!(whole >= 0 && whole <= 65535)) return '--page-port takes a port number, 0 to 65535';
        pagePort = whole;
        break;
      case '--app':
        if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
          return '--app takes the page address, e.g. http://127.0.0.1:5173';
        appUrl = value;
        break;
      case '--queue':
        if (!/^[\w.-]{1,100}$/.test(value)) return '--queue takes a name of letters, digits, _ . and -';
        options = { ...options, queueName: value };
        break;
      case '--cycle':
        if (!(whole >= 10 && whole <= 3600)) return '--cycle takes whole seconds, 10 to 3600';
        options = { ...options, cycleMs: whole * 1000 };
        break;
      default:
        return `unknown option ${flag}`;
    }
  }
  if (appUrl !== null && (preview || pagePort !== null)) return '--app serves no page: it goes without --preview and --page-port';
  return { ...options, page: appUrl !== null ? { url: appUrl } : { serve: preview ? 'preview' : 'dev', port: pagePort } };
}

function describe(demo: LiveDemo, options: LiveDemoOptions): string {
  const redis = new URL(demo.redisUrl);
  const page =
    demo.pageServer === 'dev'
      ? 'the Vite dev server (npm run dev)'
      : demo.pageServer === 'preview'
        ? 'the built app under vite preview'
        : 'served elsewhere (--app)';
  return [
    'firetime live demo (times in UTC)',
    `  redis   ${redis.host}${demo.redisServer !== null ? `, started here without persistence (redis-cli -p ${redis.port})` : ', given with --redis'}`,
    `  bridge  port ${demo.bridge.port}, read-only`,
    `  page    ${page}`,
    `  queue   BullMQ 6.7.0 "${options.queueName}", its delayed set ${demo.delayedKey}; the story below repeats every ${options.cycleMs / 1000} s`,
    '',
    `Open ${demo.pageUrl}`,
    '',
    'Ctrl-C stops everything.',
  ].join('\n');
}

const parsed = parseArgs(process.argv.slice(2));
if (typeof parsed === 'string') {
  console.error(parsed === USAGE ? USAGE : `live-demo: ${parsed}\n\n${USAGE}`);
  process.exitCode = parsed === USAGE ? 0 : 2;
} else {
  // the story logs its first phase while starting; the summary and the address come once all is up
  const early: string[] = [];
  let log = (line: string): void => void early.push(line);
  let demo: LiveDemo | null = null;
  let stopping = false;
  const finish = (stopped: Promise<void>) =>
    void stopped.then(
      () => {
        console.log('stopped.');
        process.exit(0);
      },
      (error: Error) => {
        console.error(`live-demo: ${error.message}`);
        process.exit(1);
      },
    );
  // a Ctrl-C reaches npm and this process both, and npm passes its own on: one stop, the others ignored
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the story, the bridge, the page and redis-server…`);
    // while starting, the start ends first and then stops what it started (below)
    if (demo !== null) finish(demo.stop());
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // a closed terminal: without a handler Node would exit at once, leaving redis-server (a process
  // group of its own) running and the preview's temporary folder behind
  process.on('SIGHUP', stop);
  try {
    demo = await startLiveDemo(parsed, (line) => log(line));
  } catch (error) {
    for (const line of early) console.log(line);
    console.error(`live-demo: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  if (stopping) {
    finish(demo.stop());
  } else {
    console.log(describe(demo, parsed));
    console.log('');
    for (const line of early) console.log(line);
    log = (line: string) => console.log(line);
  }
}
