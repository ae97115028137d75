/**
 * `npm run bridge -- --redis redis://127.0.0.1:6379`: starts the read-only bridge the Live Redis
 * panel reads, and stops it on Ctrl+C. The password (URL, --password or FIRETIME_REDIS_PASSWORD)
 * is never printed.
 */
import { startBridge } from './bridge.ts';
import { clusterConnection, takeClusterArg } from './cluster.ts';
import { USAGE, isLoopbackHost, makeToken, parseBridgeArgs } from './options.ts';

const CLUSTER_USAGE = `${USAGE}
  --cluster <nodes>  read a Redis Cluster instead: redis://host:port[,host:port...] (seed nodes)`;

const { cluster, rest } = takeClusterArg(process.argv.slice(2));
const parsed = parseBridgeArgs(rest, process.env);
if (parsed.kind === 'help') {
  console.log(CLUSTER_USAGE);
} else if (parsed.kind === 'error' || (cluster !== null && !cluster.ok)) {
  console.error(
    `bridge: ${parsed.kind === 'error' ? parsed.message : cluster !== null && !cluster.ok ? cluster.message : ''}\n\n${CLUSTER_USAGE}`,
  );
  process.exitCode = 2;
} else {
  const beyondLoopback = !isLoopbackHost(parsed.options.host);
  const withToken = beyondLoopback && parsed.options.token === null ? { ...parsed.options, token: makeToken() } : parsed.options;
  const seeds = cluster?.ok ? cluster.seeds : null;
  // a cluster is shown (and its errors named) by its first seed
  const options = seeds === null ? withToken : { ...withToken, redisUrl: `redis://${seeds[0]!.host}:${seeds[0]!.port}` };
  const bridge = await startBridge(options, undefined, seeds === null ? undefined : clusterConnection(seeds, options));
  console.log(`firetime bridge on ${bridge.url}, reading ${bridge.shownRedisUrl}`);
  console.log(
    'read-only: it only ever sends SCAN, TYPE, EXISTS (4 keys at most), ZCARD, ZRANGE, ZRANGEBYSCORE, ZCOUNT, ZSCORE, TIME, HGET (meta version), HMGET and HSTRLEN (job fields), LLEN and LPOS (bounded)',
  );
  console.log(`pages allowed to read it: ${options.origins.join(', ')}`);
  if (beyondLoopback)
    console.warn(
      `warning: listening on ${options.host}, not only this machine: any host that has the token can read your sorted sets`,
    );
  // printed once, here, for the person who started the bridge; the log scrubs it everywhere else
  if (options.token !== null && options.token !== parsed.options.token)
    console.log(`token (give it to the Live Redis panel): ${options.token}`);
  else if (options.token !== null) console.log('every request must carry the token you gave (--token or FIRETIME_BRIDGE_TOKEN)');
  const stop = () => {
    void bridge.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
