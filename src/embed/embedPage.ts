/**
 * The embed page (`<app>/embed/?card=delay&delay=5000`): one card, preset by the query, which
 * tells its parent page its height ({ type: 'firetime:resize', card, height }) whenever it
 * changes, so the host can size the frame to fit.
 */
import './card.css';
import { mountCard } from './mountCard.ts';
import { readCardOptions } from './options.ts';

/** What the embed posts to its parent; the README's host snippet listens for it. */
export interface ResizeMessage {
  readonly type: 'firetime:resize';
  readonly card: string;
  readonly height: number;
}

const query = new URLSearchParams(location.search);
const read = readCardOptions((name) => query.get(name), [...new Set(query.keys())]);
const root = document.getElementById('card')!;
// The app sits one folder up: <app>/embed/ -> <app>/
const appBase = new URL('../', location.href).href;
const card = mountCard(root, read, appBase);
const title = card.element.querySelector('.ft-title')?.textContent ?? read.options.card;
document.title = `firetime: ${title}`;
// A labelled region, not <main>: a course page framing four cards would otherwise hold five main landmarks.
root.setAttribute('aria-label', `firetime card: ${title}`);

let posted = -1;
const post = () => {
  const height = Math.ceil(card.element.getBoundingClientRect().height);
  if (height === posted || window.parent === window) return;
  posted = height;
  const message: ResizeMessage = { type: 'firetime:resize', card: read.options.card, height };
  // The height is no secret, and the card cannot know who frames it: any origin may read it.
  window.parent.postMessage(message, '*');
};
new ResizeObserver(post).observe(card.element);
