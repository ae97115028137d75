/**
 * The page's security headers, written once: vite.config.ts sends them from `vite preview` (the
 * production policy) and `vite dev` (the same, plus what the dev server needs), public/_headers
 * ships them to static hosts (a test checks it says the same), and e2e/security-headers.spec.ts
 * checks the built page runs under them with no violation.
 *
 * connect-src: the Live Redis panel fetches from the bridge address the user types, which is on
 * this machine unless the bridge was started with --host (and then a token). The policy allows
 * http://127.0.0.1 and http://localhost on any port, and nothing else: a page that is tricked
 * into fetching elsewhere cannot. (CSP has no syntax for an IPv6 address, so http://[::1] is not
 * reachable: use 127.0.0.1 or localhost.) A bridge on another host needs the app served with
 * that address added to connect-src (FIRETIME_CONNECT_SRC for vite dev/preview, or public/_headers).
 */

/** Where the page may fetch: itself and a bridge on this machine, any port. */
export const BRIDGE_CONNECT_SOURCES: readonly string[] = ["'self'", 'http://127.0.0.1:*', 'http://localhost:*'];

/** The Content-Security-Policy of the built app, directive by directive. */
export function productionPolicy(extraConnect: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    `connect-src ${[...BRIDGE_CONNECT_SOURCES, ...extraConnect].join(' ')}`,
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The dev server's policy: the production one, plus what `vite dev` needs and nothing more. Vite
 * (html.cspNonce) puts `nonce` on the inline React Refresh preamble and on the <style> elements
 * its client injects for CSS modules, so script-src and style-src allow that nonce instead of
 * 'unsafe-inline'; the HMR client connects back over a WebSocket to the dev server itself.
 */
export function devPolicy(nonce: string, extraConnect: readonly string[] = []): string {
  return productionPolicy(extraConnect)
    .replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`)
    .replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`)
    .replace('connect-src ', 'connect-src ws://127.0.0.1:* ws://localhost:* ');
}

/** The headers besides the CSP: no MIME sniffing, no framing (for browsers without frame-ancestors), no referrer. */
export const OTHER_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
};

/** Every security header, with `policy` as the CSP. */
export function securityHeaders(policy: string): Record<string, string> {
  return { 'Content-Security-Policy': policy, ...OTHER_SECURITY_HEADERS };
}

/** Extra connect-src sources from FIRETIME_CONNECT_SRC (space-separated), e.g. `http://192.168.1.4:7379`. */
export function extraConnectSources(env: Readonly<Record<string, string | undefined>>): string[] {
  return (env.FIRETIME_CONNECT_SRC ?? '').split(/\s+/).filter((source) => /^https?:\/\/[\w.:[\]*-]+$/.test(source));
}

/** public/_headers (Netlify and Cloudflare Pages format) for these headers. */
export function headersFile(headers: Readonly<Record<string, string>>): string {
  return `/*\n${Object.entries(headers)
    .map(([name, value]) => `  ${name}: ${value}\n`)
    .join('')}`;
}

/**
 * The embed pages (`/embed/`, the cards) are made to be framed by a course page on
 * any origin: their policy is the page's own with `frame-ancestors` widened, and they send no
 * X-Frame-Options (DENY there would refuse every frame; browsers with frame-ancestors ignore it,
 * older ones would obey it). Everything else in the policy stays as strict as the app's. The app
 * at `/` keeps `frame-ancestors 'none'`.
 */
export const EMBED_PATH = '/embed/';

/**
 * The paths that serve the embed page itself. Only these: a server that answers unknown paths with
 * the app's index.html (vite preview does, and static hosts in SPA mode) would otherwise let the
 * full app be framed at /embed/anything. Its scripts and styles need no frame-ancestors.
 */
export const EMBED_PAGES: readonly string[] = [EMBED_PATH, `${EMBED_PATH}index.html`];

/** Whether a request's URL (query and fragment ignored) is the embed page. */
export function isEmbedPage(url: string): boolean {
  return EMBED_PAGES.includes(url.split(/[?#]/)[0] ?? '');
}

/**
 * Who may frame the embed pages: FIRETIME_FRAME_ANCESTORS (space-separated origins, read when the
 * server starts or the build runs), else any origin (`*`). Sources that are not an origin or `*`
 * are dropped; none left gives `*`.
 */
export function frameAncestorSources(env: Readonly<Record<string, string | undefined>>): string[] {
  const sources = (env.FIRETIME_FRAME_ANCESTORS ?? '')
    .split(/\s+/)
    .filter((source) => source === '*' || source === "'self'" || /^https?:\/\/[\w.:[\]*-]+$/.test(source));
  return sources.length === 0 ? ['*'] : sources;
}

/** `policy` with its frame-ancestors replaced by `ancestors` (the embed pages' policy). */
export function framedPolicy(policy: string, ancestors: readonly string[]): string {
  return policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors.join(' ')}`);
}

/** The embed pages' headers: the page's, with the framed policy and no X-Frame-Options. */
export function embedHeaders(policy: string, ancestors: readonly string[]): Record<string, string> {
  const { 'X-Frame-Options': _refused, ...others } = securityHeaders(framedPolicy(policy, ancestors));
  void _refused;
  return others;
}

/**
 * public/_headers for the app and its embed page. A request matching two blocks gets the headers
 * of both (Cloudflare Pages), so each embed block first detaches the two it replaces (`! Name`).
 */
export function staticHeadersFile(policy: string, ancestors: readonly string[]): string {
  const framed = embedHeaders(policy, ancestors)['Content-Security-Policy']!;
  const embedBlock = (path: string) =>
    `${path}\n  ! Content-Security-Policy\n  ! X-Frame-Options\n  Content-Security-Policy: ${framed}\n`;
  return headersFile(securityHeaders(policy)) + EMBED_PAGES.map(embedBlock).join('');
}
