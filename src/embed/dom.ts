/**
 * The cards' few DOM helpers. Text goes in as text nodes and attributes through setAttribute, so
 * nothing an author or a job id holds is ever read as HTML; no element gets a style attribute
 * (a host page's CSP may refuse them): looks come from the card's stylesheet and its classes.
 */
type Child = Node | string | null | undefined | false;
type Attrs = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** An element with attributes (`true` sets an empty one, false/null/undefined none) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Sets an element's text when it changed (a drag rewrites only what moved). */
export function setText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

/** Replaces an element's children. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** A text cell whose text the card rewrites. */
export function slot(className: string, attrs: Attrs = {}): HTMLSpanElement {
  return h('span', { class: className, ...attrs });
}

/** A button that calls `onPress`. */
export function button(label: string, onPress: () => void, attrs: Attrs = {}): HTMLButtonElement {
  const element = h('button', { type: 'button', class: 'ft-button', ...attrs }, label);
  element.addEventListener('click', onPress);
  return element;
}

/** A labelled row of the card's figures: a name and its value. */
export function figure(name: string, value: Node, hint?: Node | string): HTMLDivElement {
  return h(
    'div',
    { class: 'ft-figure' },
    h('dt', {}, name),
    h('dd', {}, value, hint ? h('span', { class: 'ft-hint' }, hint) : null),
  );
}

let ids = 0;
/** An id unique in the document (labels point at their fields). */
export function uniqueId(stem: string): string {
  ids += 1;
  return `ft-${stem}-${ids}`;
}

/** A heading of `level` (2 to 6). */
export function heading(level: number, attrs: Attrs, ...children: Child[]): HTMLHeadingElement {
  const tag = `h${Math.min(6, Math.max(2, level))}` as 'h2';
  return h(tag, attrs, ...children);
}
