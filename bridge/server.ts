/**
 * `npm run bridge -- --redis redis://127.0.0.1:6379`: starts the read-only bridge the Live Redis
 * panel reads, and stops it on Ctrl+C. The password (URL, --password or FIRETIME_REDIS_PASSWORD)
 * is never printed.
 */
import { startBridge } from './bridge.ts';
import { USAGE, isLoopbackHost, makeToken, parseBridgeArgs } from './options.ts';

const parsed = parseBridgeArgs(process.argv.slice(2), process.env);
if (parsed.kind === 'help') {
  console.log(USAGE);
} else if (parsed.kind === 'error') {
  console.error(`bridge: ${parsed.message}\n\n${USAGE}`);
  process.exitCode = 2;
} else {
  const beyondLoopback = !isLoopbackHost(parsed.options.host);
  const options = beyondLoopback && parsed.options.token === null ? { ...parsed.options, token: makeToken() } : parsed.options;
  const bridge = await startBridge(options);
  console.log(`firetime bridge on ${bridge.url}, reading ${bridge.shownRedisUrl}`);
  console.log('read-only: it only ever sends SCAN, TYPE, ZCARD, ZRANGE and ZRANGEBYSCORE');
  console.log(`pages allowed to read it: ${options.origins.join(', ')}`);
  if (beyondLoopback) console.warn(`warning: listening on ${options.host}, not only this machine: any host that has the token can read your sorted sets`);
  // printed once, here, for the person who started the bridge; the log scrubs it everywhere else
  if (options.token !== null && options.token !== parsed.options.token) console.log(`token (give it to the Live Redis panel): ${options.token}`);
  else if (options.token !== null) console.log('every request must carry the token you gave (--token or FIRETIME_BRIDGE_TOKEN)');
  const stop = () => {
    void bridge.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
