/**
 * The page runs under its Content-Security-Policy with no violation, and is served with the
 * security headers: the built app by `vite preview` (the production policy), and `vite dev` with
 * its own, slightly wider policy. Every part of the page is exercised, workers and the Live Redis
 * panel's fetch to a bridge on this machine included. public/_headers says the same as the
 * preview (static hosts get what the tests check).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './sharedPage.ts';
import type { Page } from '@playwright/test';
import { createServer } from 'vite';
import type { ViteDevServer } from 'vite';
import type { RunningBridge } from '../bridge/bridge.ts';
import { freePort, startRedisServer } from '../test-support/redisProcess.ts';
import type { RedisProcess } from '../test-support/redisProcess.ts';
import { RespClient } from '../test-support/resp-client.ts';
import { embedHeaders, productionPolicy, securityHeaders, staticHeadersFile } from '../scripts/securityHeaders.ts';
import { assetHeadersFile } from '../scripts/embedBuild.ts';
import { APP_ORIGIN } from './appOrigin.ts';
import { startLocalBridge, stopAll } from './localBridge.ts';
import { violationsIn, watchViolations } from './cspViolations.ts';

let redis: RedisProcess;
let bridge: RunningBridge;
let devPort: number;
/** Where the spec's own Vite dev server serves the app (its port is picked in beforeAll). */
const devOrigin = () => `http://127.0.0.1:${devPort}`;

test.beforeAll(async () => {
  redis = await startRedisServer();
  const client = await RespClient.connect(redis.port);
  await client.call('ZADD', 'bull:csp:delayed', '7356580085760000', '1', '7356580085760001', '2');
  client.close();
  devPort = await freePort();
  bridge = await startLocalBridge(redis.port, { origins: [APP_ORIGIN, devOrigin()] });
});

test.afterAll(() => stopAll(bridge, redis));

/** The story, the deeper views (their lazy chunks and both workers) and the Live Redis panel reading a real set. */
async function exercise(page: Page, base = ''): Promise<void> {
  await page.goto(`${base}/?stage`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('firetime');
  await page.getByRole('button', { name: 'Enqueue job' }).click();
  await page.getByRole('button', { name: 'Enqueue job' }).click();
  await expect(page.getByTestId('band-set')).toContainText('2 members');

  const decoder = page.getByTestId('score-decoder');
  await decoder.scrollIntoViewIfNeeded();
  await decoder.getByRole('button', { name: 'Try an example' }).click();
  await expect(decoder.getByTestId('decoder-summary')).toBeVisible({ timeout: 30_000 });

  const strategies = page.getByTestId('strategies');
  await strategies.scrollIntoViewIfNeeded();
  await strategies.getByLabel('Jobs (n)').fill('500');
  await strategies.getByRole('button', { name: 'Compare 500 jobs' }).click();
  await expect(strategies.getByTestId('strategies-table')).toBeVisible({ timeout: 60_000 });

  await page.getByTestId('cliff-explorer').scrollIntoViewIfNeeded();
  await page
    .getByRole('group', { name: 'Jump the fire-time to' })
    .getByRole('button', { name: 'The cliff', exact: true })
    .click();

  const live = page.getByTestId('live-redis');
  await live.scrollIntoViewIfNeeded();
  await live.getByTestId('live-bridge-url').fill(bridge.url);
  await live.getByRole('button', { name: 'List keys' }).click();
  await live.getByTestId('live-keys').getByRole('button', { name: 'bull:csp:delayed' }).click();
  await expect(live.getByTestId('live-set-view')).toContainText('2 members');
}

test('vite preview: the production headers, and the whole page runs under its CSP with no violation', async ({ page }) => {
  const answer = await page.request.get('/');
  const expected = securityHeaders(productionPolicy());
  for (const [name, value] of Object.entries(expected)) expect(answer.headers()[name.toLowerCase()], name).toBe(value);
  expect(expected['Content-Security-Policy']).toContain("connect-src 'self' http://127.0.0.1:* http://localhost:*");
  expect(expected['Content-Security-Policy']).toContain("frame-ancestors 'none'");

  const errors = await watchViolations(page);
  await exercise(page);
  expect(await violationsIn(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the policy is enforced: a fetch to another host is blocked and reported', async ({ page }) => {
  const errors = await watchViolations(page);
  await page.goto('/?stage');
  const outcome = await page.evaluate(() =>
    fetch('http://198.51.100.7:7379/api/health').then(
      () => 'fetched',
      () => 'blocked',
    ),
  );
  expect(outcome).toBe('blocked');
  await expect.poll(() => violationsIn(page)).toEqual([expect.stringMatching(/^connect-src http:\/\/198\.51\.100\.7:7379/)]);
  expect(errors.join('\n')).toContain('Content Security Policy');
});

test('public/_headers ships the production headers to static hosts', () => {
  expect(readFileSync(new URL('../public/_headers', import.meta.url), 'utf8')).toBe(
    staticHeadersFile(productionPolicy(), ['*']) + assetHeadersFile(),
  );
});

test('vite preview: the embed page may be framed by any origin (no X-Frame-Options); every other path keeps the app headers', async ({
  page,
}) => {
  for (const path of ['/embed/', '/embed/?card=band&n=5', '/embed/index.html']) {
    const headers = (await page.request.get(path)).headers();
    expect(headers['content-security-policy'], path).toBe(embedHeaders(productionPolicy(), ['*'])['Content-Security-Policy']);
    expect(headers['content-security-policy'], path).toContain('frame-ancestors *');
    expect(headers['x-frame-options'], path).toBeUndefined();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
  }
  // The app, and whatever the server answers with the app's page (an unknown path), is never framed.
  for (const path of ['/', '/embed', '/embed/not-a-card', '/index.html']) {
    const headers = (await page.request.get(path)).headers();
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options'], path).toBe('DENY');
  }
});

test.describe('vite dev', () => {
  let server: ViteDevServer;

  test.beforeAll(async () => {
    server = await createServer({
      configFile: new URL('../vite.config.ts', import.meta.url).pathname,
      server: { host: '127.0.0.1', port: devPort, strictPort: true },
      logLevel: 'silent',
    });
    await server.listen();
  });

  test.afterAll(async () => {
    await server?.close();
  });

  test('the dev policy (a nonce for inline code, the HMR websocket) runs the whole page with no violation', async ({ page }) => {
    test.setTimeout(120_000);
    const base = devOrigin();
    const answer = await page.request.get(`${base}/`);
    const policy = answer.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self' 'nonce-");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(answer.headers()['x-content-type-options']).toBe('nosniff');
    const errors = await watchViolations(page);
    const hmr = page.waitForEvent('websocket');
    await exercise(page, base);
    expect((await hmr).url()).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${devPort}/`));
    expect(await violationsIn(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the embed page in dev: the dev policy with frame-ancestors *, no X-Frame-Options, and a card that runs under it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const base = devOrigin();
    const embed = (await page.request.get(`${base}/embed/?card=delay`)).headers();
    expect(embed['content-security-policy']).toContain("script-src 'self' 'nonce-");
    expect(embed['content-security-policy']).toContain('frame-ancestors *');
    expect(embed['x-frame-options']).toBeUndefined();
    const app = (await page.request.get(`${base}/`)).headers();
    expect(app['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(app['x-frame-options']).toBe('DENY');
    const errors = await watchViolations(page);
    await page.goto(`${base}/embed/?card=collisions&preset=empty`);
    await page.getByRole('button', { name: 'Enqueue N in one millisecond' }).click();
    await expect(page.getByTestId('band-set')).toContainText('12 members');
    expect(await violationsIn(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
