import { describe, expect, it } from 'vitest';
import { replaceSection } from '../bench/report.ts';
import { readFileSync } from 'node:fs';
import { README, sizeTable, writtenSizeTable } from './embedSizes.ts';

describe("the README's embed size table", () => {
  it('sums each form’s JavaScript and CSS, raw and gzip, and fits the README’s section', () => {
    const table = sizeTable(
      [
        { file: 'embed/assets/index-a.js', bytes: 80_000, gzipBytes: 28_000 },
        { file: 'embed/assets/chunk-b.js', bytes: 5_349, gzipBytes: 1_948 },
        { file: 'embed/assets/index-c.css', bytes: 5_635, gzipBytes: 1_750 },
      ],
      [{ file: 'firetime-card.js', bytes: 92_899, gzipBytes: 32_312 }],
    );
    expect(table.split('\n')).toEqual([
      '| Form | JavaScript | CSS |',
      '|---|---|---|',
      '| iframe (`dist/embed/`) | 85,349 B, **29,948 B gzip** | 5,635 B, 1,750 B gzip |',
      '| web component (`dist/firetime-card.js`) | 92,899 B, **32,312 B gzip** | none (inside its JavaScript) |',
    ]);
    const readme = 'a\n<!-- bench:embed-sizes:start -->\nold\n<!-- bench:embed-sizes:end -->\nb';
    const written = replaceSection(readme, 'embed-sizes', table);
    expect(written).toContain(`start -->\n\n${table}\n\n<!-- bench:embed-sizes:end -->\nb`);
    // ...and reads back as written (e2e/embed.spec.ts compares it with the build's).
    expect(writtenSizeTable(written)).toBe(table);
    expect(writtenSizeTable(readme)).toBe('old');
    expect(writtenSizeTable('no section')).toBeNull();
  });

  it('is in the README, in the shape sizeTable writes', () => {
    const table = writtenSizeTable(readFileSync(README, 'utf8'));
    expect(table?.split('\n')[0]).toBe('| Form | JavaScript | CSS |');
    expect(table?.split('\n')).toHaveLength(4);
  });
});
