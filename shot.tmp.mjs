import { chromium } from '@playwright/test';
const [w, h, out, extra] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) } });
await page.goto('http://127.0.0.1:4403/');
await page.getByLabel('Clock instant (ms or ISO)').fill('2026-11-30T12:00:00.000Z');
await page.getByLabel('Job id style').selectOption('N');
if (extra) { await page.getByLabel('Burst N').fill(extra); await page.getByLabel('at once').check(); await page.getByRole('button', { name: 'Play N' }).click(); }
await page.waitForTimeout(600);
await page.screenshot({ path: out });
const parts = {};
for (const id of ['delay-slider','delay-field','clock-now','fire-time-ms','textbook-score','min-score','next-score','max-score','stage-band','textbook-set','band-set','play-controls']) {
  const b = await page.getByTestId(id).first().boundingBox(); parts[id] = b && [Math.round(b.y), Math.round(b.y+b.height)];
}
console.log(JSON.stringify(parts));
await browser.close();
