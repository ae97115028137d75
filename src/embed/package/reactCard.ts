/**
 * `firetime-cards/react`: the card as a React component, for MDX and React sites. It renders the
 * <firetime-card> element with the card's opening numbers inside it (the card's fallback: shown
 * with no JavaScript, in a feed reader, or by a server render before the module runs; the card's
 * Shadow DOM hides it once defined). The element's module is loaded on the client only, so a
 * server render (Astro, Next, Docusaurus) never touches HTMLElement.
 */
import { createElement, useEffect, useRef, useState } from 'react';
import { cardFallback } from '../fallback.ts';
import type { CardFallback } from '../fallback.ts';
import type { CardName, CardState } from './index.js';
import type { FiretimeCard as FiretimeCardComponent, FiretimeCardProps } from './react.js';

/** The props that are the element's attributes, under their attribute names. */
function attributesOf(props: FiretimeCardProps): Record<string, string> {
  const given: Record<string, string | number | undefined> = {
    card: props.card,
    app: props.app,
    preset: props.preset,
    scenario: props.scenario,
    delay: props.delay,
    n: props.n,
    ids: props.ids,
    clock: props.clock,
    at: props.at,
    theme: props.theme,
    names: props.names,
    'heading-level': props.headingLevel,
    font: props.font,
  };
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) if (value !== undefined) attributes[name] = String(value);
  return attributes;
}

/** Fallbacks already computed, by their parameters: a re-render does not run the card's opening again. */
const fallbacks = new Map<string, CardFallback>();

/** The opening state's numbers, from the same model the card runs (the author's parameters, a frozen clock). */
function fallbackOf(card: CardName, attributes: Record<string, string>): CardFallback {
  const key = JSON.stringify(attributes);
  let fallback = fallbacks.get(key);
  if (fallback === undefined) {
    const { app = '', ...params } = attributes;
    fallback = cardFallback(card, app, params);
    fallbacks.set(key, fallback);
  }
  return fallback;
}

export const FiretimeCard: typeof FiretimeCardComponent = (props) => {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const onChange = useRef(props.onChange);
  useEffect(() => {
    onChange.current = props.onChange;
  });
  useEffect(() => {
    void import('../firetimeCard.ts');
    if (element === null) return;
    const listener = (event: Event) => onChange.current?.((event as CustomEvent<CardState>).detail);
    element.addEventListener('firetime:change', listener);
    return () => element.removeEventListener('firetime:change', listener);
  }, [element]);
  const attributes = attributesOf(props);
  const fallback = fallbackOf(props.card, attributes);
  return createElement(
    'firetime-card',
    { ...attributes, ref: setElement, id: props.id, className: props.className },
    createElement('p', null, fallback.text),
    createElement('a', { href: fallback.link }, 'Open in firetime'),
  );
};
