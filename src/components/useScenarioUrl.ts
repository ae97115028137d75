import { useEffect } from 'react';
import type { AppStore } from '../store/appStore.ts';
import { HASH_KEY, decodeScenario, encodeScenario, scenarioText } from '../store/scenarioCodec.ts';

/**
 * Keeps the URL's `#s=` and the store's scenario together: opens the scenario a URL holds (or says
 * why it cannot), writes each operation as a history entry (pushState; a drag of one field replaces
 * its entry), and replays the entry back / forward lands on (popstate).
 */
export function useScenarioUrl(store: AppStore): void {
  useEffect(() => {
    let shown: string | null = null;
    const urlFor = (text: string) => `${window.location.pathname}${window.location.search}#${HASH_KEY}=${text}`;

    /** Opens the scenario in the URL; false when the URL holds none (another fragment, e.g. #sets). */
    const openFromUrl = (): boolean => {
      const text = scenarioText(window.location.hash);
      if (text === null) return false;
      if (text === shown) return true;
      shown = text;
      const decoded = decodeScenario(text);
      if (!decoded.ok) {
        store.getState().discardScenario(`This link's scenario could not be read: ${decoded.message} A clean default state is shown instead.`);
      } else {
        store.getState().loadScenario(decoded.scenario, 'none', "This link's scenario could not be replayed");
      }
      return true;
    };

    if (!openFromUrl()) {
      // The entry the page opened on gets the empty scenario, so going back to it empties the sets.
      shown = encodeScenario(store.getState().scenario);
      window.history.replaceState(window.history.state, '', urlFor(shown));
    }

    const unsubscribe = store.subscribe((state, previous) => {
      if (state.scenarioChange === previous.scenarioChange) return;
      const step = state.scenarioChange.history;
      if (step === 'none') return;
      shown = encodeScenario(state.scenario);
      if (step === 'push') window.history.pushState(null, '', urlFor(shown));
      else window.history.replaceState(window.history.state, '', urlFor(shown));
    });
    const onPopState = () => void openFromUrl();
    window.addEventListener('popstate', onPopState);
    return () => {
      unsubscribe();
      window.removeEventListener('popstate', onPopState);
    };
  }, [store]);
}
