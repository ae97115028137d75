import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The builder's own axe-core (the version it was made for), minified: a third of the text the
 * builder would send, the same rules.
 */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Axe's violations on a page with no frames, as `id: targets` lines (empty when it passes), within
 * `include` if given. On such a page axe runs in the page itself (axe.run, the builder's "legacy
 * mode"): the same rules on the same document as the default, which runs axe in each frame and
 * then joins the results in a blank page opened for each check, a cost with nothing to join here.
 * A page with frames is refused: its frames need the default (AxeBuilder's analyze()).
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const frames = page.frames().length;
  if (frames !== 1) throw new Error(`axeViolations is for a page with no frames; this one has ${frames - 1}`);
  // Only the violations are read, so only they are sent back in full: axe still runs every rule,
  // but the passes, the incomplete and the inapplicable (most of a result's size) stay in the page.
  const builder = new AxeBuilder({ page, axeSource: AXE_SOURCE }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (include !== undefined) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
