/**
 * A Vite plugin that writes the stage's first paint into index.html: the page's frame and its top
 * line, from the same strings App renders (src/session/view/pageTop.ts). React replaces it on its first
 * render; until then a reader sees the page's title instead of a blank window.
 */
import type { Plugin } from 'vite';
import { PAGE_TITLE, STAGE_TAGLINE } from '../src/session/view/pageTop.ts';

/** Where index.html asks for the first paint. */
export const FIRST_PAINT_MARKER = '<!-- first paint -->';

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `html` with its marker replaced by the page's frame and top line; a page without the marker is an error. */
export function withFirstPaint(html: string): string {
  if (!html.includes(FIRST_PAINT_MARKER)) throw new Error(`index.html has no ${FIRST_PAINT_MARKER}`);
  const top = [
    '<main class="page">',
    '  <header class="page-top">',
    `    <h1>${escapeText(PAGE_TITLE)}</h1>`,
    `    <p class="page-tagline">${escapeText(STAGE_TAGLINE)}</p>`,
    '  </header>',
    '</main>',
  ].join('\n');
  return html.replace(FIRST_PAINT_MARKER, top);
}

/** Writes the first paint into the stage's page (index.html only, in dev and in the build). */
export function firstPaint(): Plugin {
  return {
    name: 'firetime-first-paint',
    transformIndexHtml: {
      order: 'pre',
      handler: (html, context) => (context.path === '/index.html' ? withFirstPaint(html) : html),
    },
  };
}
