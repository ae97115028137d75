/**
 * <firetime-card card="delay" delay="5000" ids="plain" ...>: the embed cards as a custom element,
 * built into one ES module (dist/firetime-card.js). Its attributes are the embed page's query
 * parameters, and each has a property of the same name (camelCase: `headingLevel`). Changing one
 * restyles or retunes the card in place and keeps the reader's jobs (only a new preset or scenario
 * starts it again, and the card says so); moving the element keeps them too. After every change
 * the element dispatches `firetime:change` with the card's state. The card lives in a Shadow DOM,
 * styled by one constructed stylesheet (adoptedStyleSheets), so it runs on a host page whose CSP
 * is `script-src 'self'; style-src 'self'`: no <style> element, no style attribute. `app` names
 * the full app's http(s) address for the "Open in firetime" link (default: the folder the module
 * was loaded from, where the build puts it beside the app). A page of many cards builds them in
 * turns (buildQueue.ts): a card past the first task's budget is empty for a task or more, and is
 * `:state(building)` meanwhile, so the host's placeholder (which `:not(:defined)` alone would drop
 * as soon as the module defines the element) can keep its room until the card is there.
 */
import cardCss from './card.css?inline';
import type { CardState } from './cardSession.ts';
import { mountCard } from './mountCard.ts';
import type { MountedCard } from './mountCard.ts';
import { OPTION_NAMES, readCardOptions } from './options.ts';
import type { ReadOptions } from './options.ts';
import { printable } from '../model/printable.ts';
import { BuildQueue } from './buildQueue.ts';

/** Every card of the page builds through one queue, so many cards take turns with the page (buildQueue.ts). */
const builds = new BuildQueue({
  now: () => performance.now(),
  later: (run) => void setTimeout(run, 0),
  afterThisTask: (run) => queueMicrotask(run),
});
// A page printed before every card was built prints them all.
if (typeof window !== 'undefined') window.addEventListener('beforeprint', () => builds.flush());

let sheet: CSSStyleSheet | null = null;
function cardSheet(): CSSStyleSheet {
  if (sheet === null) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cardCss);
  }
  return sheet;
}

/** Attributes every element may carry: never noted as unknown. */
const GLOBAL_ATTRIBUTES = new Set([
  'id',
  'class',
  'style',
  'slot',
  'part',
  'title',
  'lang',
  'dir',
  'hidden',
  'tabindex',
  'role',
  'is',
  'nonce',
]);
const ATTRIBUTES: readonly string[] = [...OPTION_NAMES, 'app'];

/** An attribute meant for the card (known or a typo), not one any element carries (class, style, data-*, aria-*). */
const isAuthorOption = (name: string) =>
  !GLOBAL_ATTRIBUTES.has(name) && !name.startsWith('data-') && !name.startsWith('aria-') && !name.startsWith('on');

/** `heading-level` -> `headingLevel`. */
const propertyName = (attribute: string) => attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The change event's name; its detail is the card's state (CardState). */
export const CHANGE_EVENT = 'firetime:change';

export class FiretimeCard extends HTMLElement {
  static readonly observedAttributes = ATTRIBUTES;
  // The attributes as properties (defined below, one per attribute): strings as the attributes hold them, null when unset.
  declare card: string | null;
  declare preset: string | null;
  declare scenario: string | null;
  declare delay: string | number | null;
  declare n: string | number | null;
  declare ids: string | null;
  declare clock: string | null;
  declare at: string | number | null;
  declare theme: string | null;
  declare names: string | null;
  declare headingLevel: string | number | null;
  declare font: string | null;
  declare app: string | null;
  #mounted: MountedCard | null = null;
  #pending = false;
  // Where the browser has no ElementInternals (or no custom states), the card simply has no :state(building).
  readonly #internals: ElementInternals | null = typeof this.attachInternals === 'function' ? this.attachInternals() : null;
  // Attributes the card does not know (a typo) are not observed attributes: this sees them, to note them.
  readonly #others = new MutationObserver((records) => {
    if (
      records.some(
        (record) =>
          record.attributeName !== null && isAuthorOption(record.attributeName) && !ATTRIBUTES.includes(record.attributeName),
      )
    )
      this.attributeChangedCallback();
  });

  connectedCallback(): void {
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    shadow.adoptedStyleSheets = [cardSheet()];
    this.#others.observe(this, { attributes: true });
    // Moved in the page (disconnected, then connected again): the card and its jobs are still here.
    if (this.#mounted !== null) this.#mounted.resume();
    else {
      this.#building(true);
      builds.request(this, () => {
        this.#building(false);
        this.#render();
      });
    }
  }

  /** Whether the card is `:state(building)`: defined, in the page, but not built yet. */
  #building(on: boolean): void {
    const states = this.#internals?.states;
    if (states === undefined) return;
    if (on) states.add('building');
    else states.delete('building');
  }

  disconnectedCallback(): void {
    // Kept, not destroyed: a move is a disconnect then a connect. Only the clock stops.
    this.#mounted?.pause();
    builds.cancel(this);
    this.#others.disconnect();
  }

  attributeChangedCallback(): void {
    // Several attributes set in one go change the card once.
    if (this.#mounted === null || this.#pending) return;
    this.#pending = true;
    queueMicrotask(() => {
      this.#pending = false;
      this.#render();
    });
  }

  /** The card's state as the last `firetime:change` carried it; null before the card is built. */
  get cardState(): CardState | null {
    return this.#last;
  }
  #last: CardState | null = null;

  #read(): { read: ReadOptions; app: string } {
    const given = this.getAttributeNames().filter(isAuthorOption);
    const read = readCardOptions(
      (name) => this.getAttribute(name),
      given.filter((name) => name !== 'app'),
    );
    const notes = [...read.notes];
    const fromModule = new URL(/* @vite-ignore */ './', import.meta.url).href;
    let app = fromModule;
    const appText = this.getAttribute('app');
    if (appText !== null) {
      let url: URL | null;
      try {
        url = new URL(appText, document.baseURI);
      } catch {
        url = null;
      }
      // Only a web address becomes the link: a javascript: or data: URL would run in the reader's page.
      if (url !== null && (url.protocol === 'https:' || url.protocol === 'http:')) app = url.href;
      else notes.push(`Ignored app="${printable(appText.slice(0, 40), '')}": use the app's http or https address.`);
    }
    // A host that sets one colour scheme (color-scheme: light) gets that scheme under theme=auto.
    let options = read.options;
    if (options.theme === 'auto' && this.isConnected) {
      const scheme = getComputedStyle(this).colorScheme.trim();
      if (scheme === 'light' || scheme === 'only light') options = { ...options, theme: 'light' };
      else if (scheme === 'dark' || scheme === 'only dark') options = { ...options, theme: 'dark' };
    }
    return { read: { options, notes }, app };
  }

  #render(): void {
    const shadow = this.shadowRoot;
    if (shadow === null) return;
    const { read, app } = this.#read();
    if (this.#mounted === null) {
      this.#mounted = mountCard(shadow, read, app, {
        onChange: (state) => {
          this.#last = state;
          this.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: state, bubbles: true, composed: true }));
        },
      });
    } else this.#mounted.update(read, app);
    if (!this.isConnected) this.#mounted.pause();
  }
}

// Each attribute has a property: `card.delay = 9000` is `card.setAttribute('delay', '9000')`.
for (const attribute of ATTRIBUTES) {
  Object.defineProperty(FiretimeCard.prototype, propertyName(attribute), {
    configurable: true,
    enumerable: true,
    get(this: FiretimeCard) {
      return this.getAttribute(attribute);
    },
    set(this: FiretimeCard, value: string | number | boolean | null | undefined) {
      if (value === null || value === undefined || value === false) this.removeAttribute(attribute);
      else this.setAttribute(attribute, value === true ? '' : String(value));
    },
  });
}

if (customElements.get('firetime-card') === undefined) customElements.define('firetime-card', FiretimeCard);
