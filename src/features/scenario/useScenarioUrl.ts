import { useEffect } from 'react';
import type { AppState, AppStore } from '../../store/appStore.ts';

/**
 * Keeps the URL's `#s=` and the store's scenario together (followScenarioUrl, scenarioUrl.ts):
 * opens the scenario a link holds, writes each step as a history entry, replays Back / Forward.
 * That code and the scenario codec load in a chunk of their own just after the first screen, so
 * the start script does not carry them. Until they are in, the store's changes are kept here (the
 * scenario at mount and every change since), and written as soon as they are: no step loses its
 * entry. (A link still replaces what was done before it opened, as it always has.)
 */
let code: Promise<typeof import('./scenarioUrl.ts')> | null = null;

/** The chunk of followScenarioUrl and the codec, loaded once (a test awaits it to know the hook follows the URL). */
export function scenarioUrlCode(): Promise<typeof import('./scenarioUrl.ts')> {
  code ??= import('./scenarioUrl.ts');
  return code;
}

export function useScenarioUrl(store: AppStore): void {
  useEffect(() => {
    const opened = store.getState().scenario;
    const early: Array<readonly [AppState, AppState]> = [];
    let unsubscribe = store.subscribe((state, previous) => {
      if (state.scenarioChange !== previous.scenarioChange) early.push([state, previous]);
    });
    let left = false;
    scenarioUrlCode().then(
      ({ followScenarioUrl }) => {
        if (left) return;
        unsubscribe();
        unsubscribe = followScenarioUrl(store, opened, early);
      },
      () => {
        // The chunk did not arrive (offline, a new deploy): the page works, the address bar does not follow it.
        if (!left)
          store
            .getState()
            .setShareNotice('The link code could not load, so the address bar does not follow this page; reload to try again.');
      },
    );
    return () => {
      left = true;
      unsubscribe();
    };
  }, [store]);
}
