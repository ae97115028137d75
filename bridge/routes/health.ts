/** GET /api/health: who answers (the bridge, and the Redis URL it reads, password removed); no Redis command. */
import { MAX_PAGE_SIZE } from '../../src/model/bridgeWire.ts';
import type { RouteReply } from '../replies.ts';

export function health(shownUrl: string): RouteReply {
  return { status: 200, body: { bridge: 'firetime', redis: shownUrl, maxPageSize: MAX_PAGE_SIZE } };
}
