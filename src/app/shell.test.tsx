import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { App } from './App.tsx';
import { createAppStore } from '../store/appStore.ts';
import { withFirstPaint } from '../../scripts/firstPaint.ts';

/** The element tree of a node as tag.class "text" lines, without the whitespace between tags. */
function shape(node: Element): string[] {
  const own = [...node.childNodes]
    .filter((child) => child.nodeType === Node.TEXT_NODE)
    .map((child) => (child.textContent ?? '').replace(/\s+/g, ' ').trim())
    .join('');
  return [
    `${node.tagName.toLowerCase()}.${node.getAttribute('class') ?? ''} "${own}"`,
    ...[...node.children].flatMap((child) => shape(child).map((line) => `  ${line}`)),
  ];
}

describe('the first paint the build writes into index.html', () => {
  it("is the page's frame and top line as the app renders them, Reset aside", () => {
    const html = new DOMParser().parseFromString(withFirstPaint(readFileSync('index.html', 'utf8')), 'text/html');
    const shell = html.querySelector('#root > main.page > header.page-top');
    expect(shell).not.toBeNull();
    const { container } = render(<App store={createAppStore({ frozenAt: Date.UTC(2026, 10, 30, 12) })} />);
    const header = container.querySelector('main.page > header.page-top');
    expect(header).not.toBeNull();
    const rendered = header!.cloneNode(true) as Element;
    rendered.querySelector('.page-reset')?.remove();
    expect(shape(shell!)).toEqual(shape(rendered));
    expect(shape(shell!).join('\n')).toContain('The score is the fire-time: drag the delay');
  });
});
