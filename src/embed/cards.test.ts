// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mountCard } from './mountCard.ts';
import { readCardOptions } from './options.ts';

const mount = (query: string) => {
  const params = new URLSearchParams(query);
  const root = document.createElement('div');
  document.body.append(root);
  return mountCard(
    root,
    readCardOptions((name) => params.get(name)),
    'https://firetime.example/',
  );
};

describe('collisions', () => {
  it('renders', () => {
    const card = mount('card=collisions');
    Array.from(card.element.querySelectorAll('button'))
      .find((b) => b.textContent === 'Enqueue N in one millisecond')!
      .click();
    expect(card.element.textContent).toContain('12 members');
  });
});
