import type { Page } from '@playwright/test';

/**
 * Records every layout shift the page reports, from before the first paint, with what moved: each
 * entry says whether it came within 500 ms of a click or key (CLS leaves those out). With `within`,
 * only shifts that moved something inside that selector's element are kept.
 */
export async function watchLayoutShifts(page: Page, within?: string): Promise<void> {
  await page.addInitScript((scope) => {
    const w = window as unknown as { __shifts: string[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> };
        const sources = (shift.sources ?? []).filter(
          ({ node }) => scope === null || (node instanceof Element ? node : node?.parentElement)?.closest(scope),
        );
        if (scope !== null && sources.length === 0) continue;
        const moved = sources.map(({ node }) =>
          node instanceof Element
            ? `${node.tagName}.${node.className} "${node.textContent?.slice(0, 30)}"`
            : `${node?.nodeName} in ${node?.parentElement?.tagName}.${node?.parentElement?.className} "${node?.textContent?.slice(0, 30)}"`,
        );
        w.__shifts.push(
          `${shift.value.toFixed(5)} at ${Math.round(entry.startTime)} ms${shift.hadRecentInput ? ' (input)' : ''}: ${moved.join(' | ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, within ?? null);
}

/**
 * The recorded layout shifts that count towards CLS (not within 500 ms of a click or key, as CLS
 * defines it), each with the elements that moved: CLS is 0 when the list is empty.
 */
export const countedLayoutShifts = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts.filter((shift) => !shift.includes(' (input)')));
