import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  SectionError,
  benchCommand,
  endMarker,
  figure,
  markdownTable,
  measuredLine,
  replaceSection,
  sectionText,
  startMarker,
  writeSection,
} from './report.ts';
import type { Machine } from './report.ts';

const MACHINE: Machine = {
  measuredAt: new Date('2026-12-03T09:30:00.000Z'),
  node: 'v20.20.2',
  cpus: 2,
  cpuModel: 'Example CPU @ 2.00GHz',
  loadAverage: [3.14, 2.5, 1.96],
};

const DOC = [
  '# Benchmarks',
  '',
  'Intro, with  two spaces, a tab\there and ünïcödé.',
  '',
  startMarker('model'),
  'old model figures',
  endMarker('model'),
  '',
  'Between the sections.\r\nA CRLF line stays one.',
  '',
  startMarker('undo'),
  '',
  '| old | undo |',
  '',
  endMarker('undo'),
  'Trailing text without a final newline',
].join('\n');

describe('figure', () => {
  it('groups the whole part by thousands and rounds to the decimals asked', () => {
    expect(figure(1855.4)).toBe('1,855');
    expect(figure(1_000_000)).toBe('1,000,000');
    expect(figure(85.34, 1)).toBe('85.3');
    expect(figure(12_345.678, 2)).toBe('12,345.68');
    expect(figure(999.96, 1)).toBe('1,000.0');
    expect(figure(-1234.4)).toBe('-1,234');
  });

  it('prints no minus sign for a value that rounds to zero, and names what is not a number', () => {
    expect(figure(-0.04, 1)).toBe('0.0');
    expect(figure(Number.NaN)).toBe('NaN');
    expect(figure(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});

describe('markdownTable', () => {
  it('pads every column to its widest cell, figures to the right', () => {
    const table = markdownTable({
      columns: [{ title: 'variant' }, { title: 'CPU (ms)', align: 'right' }],
      rows: [
        ['typed', '1,855'],
        ['sorted-btree + Map', '4,003'],
      ],
    });
    expect(table).toBe(
      [
        '| variant            | CPU (ms) |',
        '| ------------------ | -------: |',
        '| typed              |    1,855 |',
        '| sorted-btree + Map |    4,003 |',
      ].join('\n'),
    );
  });

  it('escapes a | in a cell and refuses a row with the wrong number of cells', () => {
    expect(markdownTable({ columns: [{ title: 'a' }], rows: [['x | y']] })).toContain('| x \\| y |');
    expect(() => markdownTable({ columns: [{ title: 'a' }, { title: 'b' }], rows: [['only one']] })).toThrow(
      'row 1 has 1 cells for 2 columns',
    );
  });
});

describe('measuredLine and sectionText', () => {
  it('says when, on what and by which command', () => {
    expect(measuredLine(MACHINE, 'npm run bench -- --jobs 200000')).toBe(
      'Measured 2026-12-03T09:30:00.000Z on Node v20.20.2, 2 x Example CPU @ 2.00GHz, load average 3.1 / 2.5 / 2.0; ' +
        '`npm run bench -- --jobs 200000`',
    );
  });

  it('puts the captions, tables and notes first and the measured line last, a blank line between each', () => {
    const text = sectionText({
      tables: [{ caption: 'The link:', columns: [{ title: 'a' }], rows: [['1']] }],
      notes: ['A note.'],
      command: 'npm run bench:undo',
      machine: MACHINE,
    });
    expect(text.split('\n\n')).toEqual([
      'The link:',
      '| a   |\n| --- |\n| 1   |',
      'A note.',
      measuredLine(MACHINE, 'npm run bench:undo'),
    ]);
  });
});

describe('replaceSection', () => {
  it('replaces only the text between its own markers and keeps every other byte', () => {
    const out = replaceSection(DOC, 'model', '| new | table |');
    const before = DOC.slice(0, DOC.indexOf(startMarker('model')) + startMarker('model').length);
    const after = DOC.slice(DOC.indexOf(endMarker('model')));
    expect(out).toBe(`${before}\n\n| new | table |\n\n${after}`);
    expect(out).not.toContain('old model figures');
    expect(out.endsWith('Trailing text without a final newline')).toBe(true);
    expect(out).toContain('Between the sections.\r\nA CRLF line stays one.');
  });

  it('gives the same document when run again with the same figures', () => {
    const once = replaceSection(DOC, 'undo', 'figures');
    expect(replaceSection(once, 'undo', 'figures')).toBe(once);
    expect(replaceSection(once, 'undo', '\nfigures\n\n')).toBe(once);
  });

  it('refuses when a marker is missing', () => {
    expect(() => replaceSection(DOC, 'ui', 'x')).toThrow(SectionError);
    expect(() => replaceSection(DOC, 'ui', 'x')).toThrow(`no marker ${startMarker('ui')}`);
    const noEnd = DOC.replace(endMarker('undo'), '');
    expect(() => replaceSection(noEnd, 'undo', 'x')).toThrow(`no marker ${endMarker('undo')}`);
  });

  it('refuses when a marker is doubled', () => {
    const twoStarts = `${DOC}\n${startMarker('model')}\n`;
    expect(() => replaceSection(twoStarts, 'model', 'x')).toThrow(`${startMarker('model')} stands more than once`);
    const twoEnds = `${DOC}\n${endMarker('undo')}\n`;
    expect(() => replaceSection(twoEnds, 'undo', 'x')).toThrow(`${endMarker('undo')} stands more than once`);
  });

  it('refuses an end before its start, a name that is not one, and figures holding a marker', () => {
    const swapped = `${endMarker('x')}\n${startMarker('x')}\n`;
    expect(() => replaceSection(swapped, 'x', 'y')).toThrow(`${endMarker('x')} comes before`);
    expect(() => replaceSection(DOC, 'Model figures', 'y')).toThrow('not a section name');
    expect(() => replaceSection(DOC, 'model', `a ${startMarker('undo')}`)).toThrow('contain a section marker');
  });

  it('does not take one section for another whose name begins the same', () => {
    const doc = `${startMarker('ui')}\nA\n${endMarker('ui')}\n${startMarker('ui-play')}\nB\n${endMarker('ui-play')}\n`;
    expect(replaceSection(doc, 'ui', 'new')).toBe(
      `${startMarker('ui')}\n\nnew\n\n${endMarker('ui')}\n${startMarker('ui-play')}\nB\n${endMarker('ui-play')}\n`,
    );
  });
});

describe('benchCommand', () => {
  it('names the npm script and its arguments, without the writer flag', () => {
    expect(benchCommand('bench', [])).toBe('npm run bench');
    expect(benchCommand('bench', ['--jobs', '200000'])).toBe('npm run bench -- --jobs 200000');
    expect(benchCommand('bench:undo', ['--no-write'])).toBe('npm run bench:undo');
  });
});

describe('writeSection', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('writes the replaced document back, and leaves the file untouched when it refuses', () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-report-'));
    const file = join(dir, 'benchmarks.md');
    writeFileSync(file, DOC);
    writeSection('model', 'written', file);
    expect(readFileSync(file, 'utf8')).toBe(replaceSection(DOC, 'model', 'written'));
    const written = readFileSync(file, 'utf8');
    expect(() => writeSection('missing', 'x', file)).toThrow(SectionError);
    expect(readFileSync(file, 'utf8')).toBe(written);
  });
});
