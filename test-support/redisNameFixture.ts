/** Test support: a RedisName as the bridge sends it for short bytes (they travel whole). */
import { base64UrlFromBytes } from '../src/model/printable.ts';
import type { RedisName } from '../src/model/bridgeWire.ts';

/** The RedisName of `value` (text as UTF-8, or bytes shown as `text`). */
export function named(value: string | Uint8Array, text = typeof value === 'string' ? value : ''): RedisName {
  const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
  return { base64: base64UrlFromBytes(bytes), text, byteLength: bytes.length };
}
