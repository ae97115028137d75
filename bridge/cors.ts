/**
 * Who may read the bridge's replies. CORS: a page's Origin must be one of the app's origins.
 * Host: the request must name the bridge by a loopback name (only when it comes from this
 * machine) or the address it listens on, so a page on another site cannot reach it through a DNS
 * name rebound to 127.0.0.1. Token: beyond loopback, every request carries the bridge's token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { BRIDGE_REQUEST_HEADER } from '../src/model/bridgeWire.ts';

export type OriginDecision =
  | { readonly allowed: true; readonly headers: Readonly<Record<string, string>> }
  | { readonly allowed: false; readonly message: string };

/**
 * The CORS answer to a request carrying `origin` (undefined: not sent, as from curl or a
 * same-origin navigation): allowed origins get Access-Control-Allow-Origin naming them, others
 * are refused; a request without Origin is served without CORS headers (no page can read it).
 */
export function decideOrigin(origin: string | undefined, allowed: readonly string[]): OriginDecision {
  if (origin === undefined) return { allowed: true, headers: { Vary: 'Origin' } };
  if (allowed.includes(origin)) {
    return {
      allowed: true,
      headers: {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': 'GET, OPTIONS',
        'Access-Control-Allow-Headers': `Authorization, ${BRIDGE_REQUEST_HEADER}`,
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      },
    };
  }
  return { allowed: false, message: `origin ${origin} may not read this bridge (allowed: ${allowed.join(', ')}; see --origin)` };
}

/**
 * Why a request that a browser sent from another site is refused, or null to go on. Sec-Fetch-Site
 * (sent by every current browser, never settable by a page) says `cross-site` or `same-site` for
 * a request another site's page made; when such a request carries no Origin (an <img>, a link, a
 * no-cors fetch: requests no page can read the reply of, but which would still run SCAN, TYPE and
 * ZRANGE), it is refused. With an Origin, decideOrigin has already decided (a page on
 * localhost:5173 reading 127.0.0.1:7379 is `cross-site` and allowed). `same-origin`, `none` (typed
 * in the address bar) and no header at all (curl) go on.
 */
export function refuseFetchSite(secFetchSite: string | undefined, origin: string | undefined): string | null {
  const site = secFetchSite?.trim().toLowerCase();
  if ((site === 'cross-site' || site === 'same-site') && origin === undefined)
    return `a ${site} request without Origin (an image, a link or a no-cors fetch from another page) may not read this bridge`;
  return null;
}

/** The host part of a Host header (`[::1]:7379` -> `::1`, `localhost:7379` -> `localhost`). */
function hostName(header: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(header);
  if (bracketed) return bracketed[1]!.toLowerCase();
  return header.replace(/:\d+$/, '').toLowerCase();
}

const isLoopbackName = (name: string) => name === 'localhost' || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
const isIpLiteral = (name: string) => /^\d{1,3}(?:\.\d{1,3}){3}$/.test(name) || (name.includes(':') && /^[\da-f:.]+$/.test(name));
/** Addresses that mean "every interface". */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * True when a request's Host header names this bridge. From this machine (`fromLoopback`, the
 * peer's address is loopback): localhost, a 127.x address, ::1 or the address given to --host.
 * From elsewhere: only the address given to --host or, when that is a wildcard (0.0.0.0, ::), an
 * IP address; never a loopback name (another host saying "localhost" is not this machine) nor a
 * DNS name (rebinding). A missing Host (HTTP/1.0) is refused.
 */
export function isAllowedHost(header: string | undefined, boundHost: string, fromLoopback = true): boolean {
  if (header === undefined || header === '') return false;
  const name = hostName(header);
  const bound = boundHost.toLowerCase();
  if (isLoopbackName(name)) return fromLoopback;
  if (WILDCARD_HOSTS.has(name)) return false;
  if (name === bound) return true;
  return WILDCARD_HOSTS.has(bound) && isIpLiteral(name);
}

/** True when `address` (a socket's remoteAddress) is this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * True when the Authorization header is `Bearer <token>`. Both sides are hashed to the same length
 * and compared with timingSafeEqual, so the time taken says nothing about how much matched.
 */
export function hasToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer (\S+)$/.exec(header ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(token)) && given !== '';
}
