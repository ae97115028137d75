/**
 * <firetime-card card="delay" delay="5000" ids="plain" ...>: the embed cards as a custom element,
 * built into one ES module (dist/firetime-card.js). Its attributes are the embed page's query
 * parameters, live: changing one rebuilds the card from the new options. The card lives in a
 * Shadow DOM, styled by one constructed stylesheet (adoptedStyleSheets), so it runs on a host page
 * whose CSP is `script-src 'self'; style-src 'self'`: no <style> element, no style attribute.
 * `app` names the full app's address for the "open in firetime" link (default: the folder the
 * module was loaded from, where the build puts it beside the app).
 */
import cardCss from './card.css?inline';
import { mountCard } from './mountCard.ts';
import type { MountedCard } from './mountCard.ts';
import { OPTION_NAMES, readCardOptions } from './options.ts';

let sheet: CSSStyleSheet | null = null;
function cardSheet(): CSSStyleSheet {
  if (sheet === null) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cardCss);
  }
  return sheet;
}

export class FiretimeCard extends HTMLElement {
  static readonly observedAttributes = [...OPTION_NAMES, 'app'];
  #mounted: MountedCard | null = null;
  #pending = false;

  connectedCallback(): void {
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    shadow.adoptedStyleSheets = [cardSheet()];
    this.#render();
  }

  disconnectedCallback(): void {
    this.#mounted?.destroy();
    this.#mounted = null;
  }

  attributeChangedCallback(): void {
    // Several attributes set in one go rebuild the card once.
    if (!this.isConnected || this.#pending) return;
    this.#pending = true;
    queueMicrotask(() => {
      this.#pending = false;
      if (this.isConnected) this.#render();
    });
  }

  /** The card's state (for tests and for pages that read it). */
  get state(): MountedCard['state'] | null {
    return this.#mounted?.state ?? null;
  }

  #render(): void {
    const shadow = this.shadowRoot;
    if (shadow === null) return;
    this.#mounted?.destroy();
    const read = readCardOptions((name) => this.getAttribute(name));
    const app = this.getAttribute('app');
    this.#mounted = mountCard(shadow, read, new URL(app ?? './', app === null ? import.meta.url : document.baseURI).href);
  }
}

if (customElements.get('firetime-card') === undefined) customElements.define('firetime-card', FiretimeCard);
