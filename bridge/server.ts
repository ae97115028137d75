/**
 * `npm run bridge -- --redis redis://127.0.0.1:6379`: starts the read-only bridge the Live Redis
 * panel reads, and stops it on Ctrl+C. The password (URL, --password or FIRETIME_REDIS_PASSWORD)
 * is never printed.
 */
import { startBridge } from './bridge.ts';
import { USAGE, isLoopbackHost, parseBridgeArgs } from './options.ts';

const parsed = parseBridgeArgs(process.argv.slice(2), process.env);
if (parsed.kind === 'help') {
  console.log(USAGE);
} else if (parsed.kind === 'error') {
  console.error(`bridge: ${parsed.message}\n\n${USAGE}`);
  process.exitCode = 2;
} else {
  const { options } = parsed;
  const bridge = await startBridge(options);
  console.log(`firetime bridge on ${bridge.url}, reading ${bridge.shownRedisUrl}`);
  console.log('read-only: it only ever sends SCAN, TYPE, ZCARD, ZRANGE and ZRANGEBYSCORE');
  console.log(`pages allowed to read it: ${options.origins.join(', ')}`);
  if (!isLoopbackHost(options.host)) console.warn(`warning: listening on ${options.host}, not only this machine: other hosts can read your sorted sets`);
  const stop = () => {
    void bridge.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
