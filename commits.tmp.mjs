import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
await page.addInitScript(() => {
  window.__commits = [];
  const names = (fiber) => { const out = new Set(); const walk = (f, depth) => { for (let c = f; c; c = c.sibling) { if (c.alternate === null && typeof c.type === 'function' && c.type.name) { out.add(c.type.name); } if (c.child && (c.alternate !== null || depth < 1)) walk(c.child, c.alternate === null ? depth + 1 : 0); } }; walk(fiber, 0); return [...out]; };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject() { return 1; }, onCommitFiberRoot(id, root) { const t = performance.now(); const has = (q) => document.querySelector(q) ? 1 : 0; const key = `band ${has('[data-testid=stage-band] canvas')} sets ${document.querySelectorAll('#sets [role=list], #sets ol, #sets table, #sets ul').length} play ${has('[data-testid=stage] button[aria-label*=lay], [data-testid=stage] button:not([disabled])') } panels ${document.querySelectorAll('canvas').length}`; if (window.__last !== key) { window.__last = key; window.__commits.push(`${t.toFixed(0)} ${key}`); } }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {} };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__commits.push(`${e.startTime.toFixed(0)} LONGTASK ${e.duration.toFixed(0)}`); }).observe({ type: 'longtask', buffered: true });
});
await page.goto('http://127.0.0.1:4396/');
await page.waitForTimeout(5000);
console.log((await page.evaluate(() => window.__commits.sort((a, b) => parseFloat(a) - parseFloat(b)))).join('\n'));
await browser.close();
