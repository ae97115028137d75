/**
 * `npm run live-demo [-- --redis redis://host:port] [--port 7379] [--app http://127.0.0.1:5173] [--queue name] [--every ms]`:
 * a real BullMQ 6.7.0 queue to watch in the Live Redis panel (scripts/liveDemo.ts). Prints the page
 * address with the panel pointed at the bridge; Ctrl+C stops everything it started.
 */
import { DEFAULT_DEMO_OPTIONS, FIRST_BURSTS, REPEATED_BURST, startLiveDemo } from './liveDemo.ts';
import type { LiveDemoOptions } from './liveDemo.ts';

const USAGE = `npm run live-demo -- [options]
  --redis <url>   use this Redis (default: start redis-server on a free loopback port)
  --port <n>      the bridge's port (default ${DEFAULT_DEMO_OPTIONS.bridgePort}; 0 for any free one)
  --app <url>     the page's address (default ${DEFAULT_DEMO_OPTIONS.appUrl}, npm run dev)
  --queue <name>  the BullMQ queue (default ${DEFAULT_DEMO_OPTIONS.queueName})
  --every <ms>    add ${REPEATED_BURST.jobs} more jobs in one ms this often (default ${DEFAULT_DEMO_OPTIONS.repeatEveryMs}; 0: never)`;

/** The options from the command line, or a message saying what is wrong. */
function parseArgs(args: readonly string[]): LiveDemoOptions | string {
  let options: LiveDemoOptions = DEFAULT_DEMO_OPTIONS;
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i]!, args[i + 1]];
    if (flag === '--help' || flag === '-h') return USAGE;
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
      case '--app':
        if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
          return '--app takes the page address, e.g. http://127.0.0.1:5173';
        options = { ...options, appUrl: value };
        break;
      case '--queue':
        if (!/^[\w.-]{1,100}$/.test(value)) return '--queue takes a name of letters, digits, _ . and -';
        options = { ...options, queueName: value };
        break;
      case '--every':
        if (!(whole >= 0)) return '--every takes whole milliseconds';
        options = { ...options, repeatEveryMs: whole === 0 ? null : whole };
        break;
      default:
        return `unknown option ${flag}`;
    }
  }
  return options;
}

const parsed = parseArgs(process.argv.slice(2));
if (typeof parsed === 'string') {
  console.error(parsed === USAGE ? USAGE : `live-demo: ${parsed}\n\n${USAGE}`);
  process.exitCode = parsed === USAGE ? 0 : 2;
} else {
  const demo = await startLiveDemo(parsed);
  console.log(
    `redis: ${parsed.redisUrl === null ? `${demo.redisUrl} (started here, no persistence)` : 'the one given with --redis'}`,
  );
  console.log(`bridge: ${demo.bridge.url} (read-only)`);
  console.log(
    `BullMQ 6.7.0 queue "${parsed.queueName}": ${demo.added()} delayed jobs in ${FIRST_BURSTS.length} one-millisecond bursts; a Worker promotes and runs them when due`,
  );
  console.log(
    `\nOpen the page (npm run dev serves ${DEFAULT_DEMO_OPTIONS.appUrl}) with the Live Redis panel on ${demo.delayedKey}:\n\n  ${demo.pageUrl}\n`,
  );
  const stop = () => {
    void demo.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
