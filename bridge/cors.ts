/**
 * Who may read the bridge's replies. CORS: a page's Origin must be one of the app's origins.
 * Host: the request must name the bridge by a loopback name or the address it listens on, so a
 * page on another site cannot reach it through a DNS name rebound to 127.0.0.1.
 */

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
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      },
    };
  }
  return { allowed: false, message: `origin ${origin} may not read this bridge (allowed: ${allowed.join(', ')}; see --origin)` };
}

/** The host part of a Host header (`[::1]:7379` -> `::1`, `localhost:7379` -> `localhost`). */
function hostName(header: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(header);
  if (bracketed) return bracketed[1]!.toLowerCase();
  return header.replace(/:\d+$/, '').toLowerCase();
}

/**
 * True when a request's Host header names this bridge: localhost, a 127.x address, ::1, or the
 * address given to --host. A missing Host (HTTP/1.0) is refused.
 */
export function isAllowedHost(header: string | undefined, boundHost: string): boolean {
  if (header === undefined || header === '') return false;
  const name = hostName(header);
  return name === 'localhost' || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) || name === boundHost.toLowerCase();
}
