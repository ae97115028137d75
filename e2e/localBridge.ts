import { startBridge } from '../bridge/bridge.ts';
import type { RunningBridge } from '../bridge/bridge.ts';
import { DEFAULT_OPTIONS } from '../bridge/options.ts';
import type { BridgeOptions } from '../bridge/options.ts';
import type { RedisProcess } from '../test-support/redisProcess.ts';
import { APP_ORIGIN } from './appOrigin.ts';

/**
 * A bridge on a free port to the test's own redis-server on `redisPort`, answering the served
 * build (and any `over.origins` instead); `over` changes any other option.
 */
export function startLocalBridge(redisPort: number, over: Partial<BridgeOptions> = {}): Promise<RunningBridge> {
  return startBridge(
    { ...DEFAULT_OPTIONS, redisUrl: `redis://127.0.0.1:${redisPort}`, port: 0, origins: [APP_ORIGIN], ...over },
    () => undefined,
  );
}

/** Closes what a spec's beforeAll started, whichever of them did start. */
export async function stopAll(bridge: RunningBridge | undefined, redis: RedisProcess | undefined): Promise<void> {
  await bridge?.close();
  await redis?.stop();
}
