/**
 * `npm run bridge -- --redis redis://127.0.0.1:6379`: starts the read-only bridge the Live Redis
 * panel reads, and stops it on Ctrl+C. The password (URL, --password or FIRETIME_REDIS_PASSWORD)
 * is never printed.
 */
import { startBridge } from './bridge.ts';
import { clusterConnection, takeClusterArg } from './cluster.ts';
import { USAGE, isLoopbackHost, parseBridgeArgs } from './options.ts';

const CLUSTER_USAGE = `${USAGE}
  --cluster <nodes>  read a Redis Cluster instead: redis://host:port[,host:port...] (seed nodes)`;

const { cluster, rest } = takeClusterArg(process.argv.slice(2));
const parsed = parseBridgeArgs(rest, process.env);
if (parsed.kind === 'help') {
  console.log(CLUSTER_USAGE);
} else if (parsed.kind === 'error' || (cluster !== null && !cluster.ok)) {
  console.error(`bridge: ${parsed.kind === 'error' ? parsed.message : cluster !== null && !cluster.ok ? cluster.message : ''}\n\n${CLUSTER_USAGE}`);
  process.exitCode = 2;
} else {
  const seeds = cluster?.ok ? cluster.seeds : null;
  // a cluster is shown (and its errors named) by its first seed
  const options = seeds === null ? parsed.options : { ...parsed.options, redisUrl: `redis://${seeds[0]!.host}:${seeds[0]!.port}` };
  const bridge = await startBridge(options, undefined, seeds === null ? undefined : clusterConnection(seeds, options));
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
