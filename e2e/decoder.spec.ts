import { expect, test } from '@playwright/test';
import { bandOf } from '../src/model/protocol/score.ts';
import { screenshot } from './screenshot.ts';

test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });

test('the decoder: paste the example session, read the flags, see garbage listed, not run', async ({ page }, testInfo) => {
  await page.goto('/?stage');
  const decoder = page.getByTestId('score-decoder');
  await decoder.scrollIntoViewIfNeeded();
  await expect(decoder.getByRole('heading', { name: 'Decode real scores' })).toBeVisible();

  // the example: a redis-cli terminal session over a BullMQ delayed set and resque's schedule
  await decoder.getByRole('button', { name: 'Try an example' }).click();
  await expect(decoder.getByLabel('Scores to decode')).toHaveValue(/^127\.0\.0\.1:6379> ZRANGE bull:mail:delayed 0 5 WITHSCORES/);
  const summary = decoder.getByTestId('decoder-summary');
  await expect(summary).toContainText("Read as redis-cli's numbered layout");
  await expect(summary).toContainText('16 scores in 4 millisecond bands (3 with several jobs, 1 saturated)');
  await expect(summary).toContainText('0 unreadable lines, 3 lines skipped');
  const flagCount = (flag: string) => summary.locator(`[data-flag="${flag}"]`);
  await expect(flagCount('ceiling')).toHaveText('4 at the ceiling: the band was full (saturated)');
  await expect(flagCount('pastCliff')).toHaveText('2 past the 2039 cliff (the +1 bump rounds away)');
  await expect(flagCount('notBand')).toHaveText('2 not a band score');

  const rows = decoder.getByTestId('decoder-rows').getByRole('listitem');
  await expect(rows.filter({ hasText: 'digest:münchen' })).toContainText('Slot: 3');
  const ceiling = rows.filter({ has: page.locator('[data-flags~="ceiling"]') });
  await expect(ceiling).toHaveCount(4);
  await expect(ceiling.first()).toContainText('Member: 10000');

  await screenshot(decoder, testInfo, 'decoder', { docsName: 'decoder' });

  // typed text decodes on its own after a pause; markup stays text
  const minScore = bandOf(Date.UTC(2026, 10, 30, 9, 0, 0, 0)).minScore;
  await decoder.getByLabel('Scores to decode').fill(`<b>bold</b>\n${minScore}\n1e400`);
  await expect(summary).toContainText('1 score in 1 millisecond band');
  await expect(decoder.locator('b')).toHaveCount(0);
  await expect(rows.first()).toContainText('Member: <b>bold</b>');
  await expect(decoder.getByTestId('decoder-unreadable').getByRole('listitem')).toHaveText([
    'line 3a member with no score line after it: cut off?1e400',
  ]);

  // 100,000 lines of numbered output (decoded in a Web Worker); the table scrolls to the last row
  await decoder.getByLabel('Scores to decode').evaluate((area: HTMLTextAreaElement, first: number) => {
    const lines: string[] = [];
    for (let i = 0; i < 50_000; i++) lines.push(`${2 * i + 1}) "job:${i}"`, `${2 * i + 2}) "${first + (i % 4096)}"`);
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, lines.join('\n'));
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }, minScore);
  await decoder.getByRole('button', { name: 'Decode' }).click();
  await expect(summary).toContainText('50,000 scores in 1 millisecond band (1 with several jobs, 1 saturated)', {
    timeout: 20_000,
  });
  await expect(flagCount('ceiling')).toHaveText(/^12 at the ceiling/);
  const list = decoder.getByTestId('decoder-rows');
  await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(rows.last()).toContainText('Line: 100000');
  await expect(rows.last()).toContainText('Member: job:49999');
});

test('the decoder: a paste of 200,000 lines is held outside the field, decoded in one worker round trip, and drawn only where in view', async ({
  page,
}) => {
  await page.addInitScript(() => {
    // what goes to the decoding worker and what comes back
    const traffic = { requests: 0, replies: 0, transferredColumns: true };
    Object.assign(window, { __workerTraffic: traffic });
    const NativeWorker = window.Worker;
    const post = NativeWorker.prototype.postMessage as (this: Worker, ...args: unknown[]) => void;
    NativeWorker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
      if (typeof (args[0] as { text?: unknown } | null)?.text === 'string') traffic.requests++;
      post.apply(this, args);
    };
    window.Worker = class extends NativeWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener('message', (event: MessageEvent<{ packed?: { members: { chars: unknown } } }>) => {
          if (!event.data.packed) return;
          traffic.replies++;
          traffic.transferredColumns &&= event.data.packed.members.chars instanceof Uint16Array;
        });
      }
    };
  });
  const workerTraffic = () => page.evaluate(() => (window as unknown as { __workerTraffic: object }).__workerTraffic);
  await page.goto('/?stage');
  const decoder = page.getByTestId('score-decoder');
  await decoder.scrollIntoViewIfNeeded();
  const field = decoder.getByLabel('Scores to decode');
  const summary = decoder.getByTestId('decoder-summary');
  const rows = decoder.getByTestId('decoder-rows').getByRole('listitem');

  // 100,000 pairs of redis-cli's numbered output (200,000 lines, 3.6 MB), built in a task of its own
  const minScore = bandOf(Date.UTC(2026, 10, 30, 9, 0, 0, 0)).minScore;
  await page.evaluate((first) => {
    const lines: string[] = [];
    for (let i = 0; i < 100_000; i++) lines.push(`${2 * i + 1}) "job:${i}"`, `${2 * i + 2}) "${first + (i % 4096)}"`);
    Object.assign(window, { __paste: lines.join('\n') });
  }, minScore);
  await field.focus();
  await field.evaluate((area) => {
    const data = new DataTransfer();
    data.setData('text/plain', (window as unknown as { __paste: string }).__paste);
    area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(summary).toContainText('100,000 scores in 1 millisecond band (1 with several jobs, 1 saturated)', {
    timeout: 30_000,
  });

  // the field holds only the first lines (read-only), the table draws only the rows in view
  await expect(field).toHaveJSProperty('readOnly', true);
  expect((await field.inputValue()).split('\n')).toHaveLength(200);
  await expect(decoder.getByTestId('decoder-held')).toContainText('200,000 lines');
  expect(await rows.count()).toBeLessThan(40);
  // one text sent, one reply, its rows in columns (typed arrays, transferred)
  expect(await workerTraffic()).toEqual({ requests: 1, replies: 1, transferredColumns: true });

  // three keystrokes in the field, three in the table (each scrolls it a page)
  for (const key of ['1', 'Enter', 'Backspace']) await field.press(key);
  const list = decoder.getByTestId('decoder-rows');
  for (let i = 0; i < 3; i++) await list.press('PageDown');
  await expect.poll(() => list.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  expect(await rows.count()).toBeLessThan(40);
  expect(await workerTraffic()).toEqual({ requests: 1, replies: 1, transferredColumns: true });
});

test('the decoder: Bull scores read by the chosen scheme, and detected from the ids', async ({ page }, testInfo) => {
  await page.goto('/?stage');
  const decoder = page.getByTestId('score-decoder');
  await decoder.scrollIntoViewIfNeeded();
  // Bull 3/4: ids 4094, 4095 and 4096 in one millisecond take slots 4094, 4095 and 0 (id & 0xfff)
  const T = Date.UTC(2026, 10, 30, 9, 0, 0, 0);
  const score = (id: number) => String(T * 0x1000 + (id % 0x1000));
  const paste = [4094, 4095, 4096].flatMap((id, i) => [`${2 * i + 1}) "${id}"`, `${2 * i + 2}) "${score(id)}"`]).join('\n');
  await decoder.getByLabel('Scores to decode').fill(paste);
  const summary = decoder.getByTestId('decoder-summary');
  // read as BullMQ's band the same scores say bumped, ceiling and first
  await expect(summary.locator('[data-flag="ceiling"]')).toHaveText(/^1 at the ceiling/);
  await expect(decoder.getByTestId('decoder-read-as')).toContainText('look like Bull 3–4 or BullMQ before 5.8.6’s');

  const chooser = decoder.getByLabel('Scores written by');
  await expect(chooser).toHaveValue('band');
  await chooser.selectOption({ label: 'Detect from the ids' });
  await expect(decoder.getByTestId('decoder-read-as')).toHaveText(
    'Scores read as written by Bull 3–4 or BullMQ before 5.8.6 (detected from the ids).',
  );
  await expect(summary).toContainText('3 scores in 1 millisecond (1 with several jobs)');
  await expect(summary.locator('[data-flag="idSlot"]')).toHaveText(/^3 with the slot its id gives/);
  for (const flag of ['first', 'bumped', 'ceiling']) await expect(summary.locator(`[data-flag="${flag}"]`)).toHaveCount(0);
  const rows = decoder.getByTestId('decoder-rows').getByRole('listitem');
  await expect(rows.nth(1)).toContainText('Slot: 4095');
  await expect(rows.nth(1)).toContainText('slot = id & 0xfff');
  await screenshot(decoder, testInfo, 'decoder-scheme-1280');
  await page.setViewportSize({ width: 390, height: 900 });
  await screenshot(decoder, testInfo, 'decoder-scheme-390');

  // a marker's next wake pasted: plain ms, said so
  await page.setViewportSize({ width: 1280, height: 900 });
  await chooser.selectOption({ label: 'BullMQ 5.8.6 or later' });
  await decoder.getByLabel('Scores to decode').fill(String(T));
  await expect(decoder.getByTestId('decoder-plain-ms')).toContainText('1 score is itself an instant in plain ms');
  await expect(decoder.getByTestId('decoder-plain-ms')).toContainText('marker');
  await chooser.selectOption({ label: 'bee-queue' });
  await expect(rows.first()).toContainText('Fire-time (UTC): 2026-11-30T09:00:00.000Z');
  await expect(decoder.getByTestId('decoder-plain-ms')).toHaveCount(0);
});
