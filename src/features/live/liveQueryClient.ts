/**
 * The one TanStack Query client of the Live panel (the key list, the chosen set's head, the
 * queues overview). Retries are off: a failed read is a bridge or Redis that said no (down, slow,
 * refused), and asking again at once gets the same answer; the panel's buttons are the retry.
 * Nothing refetches on its own (focus, reconnect, mount, staleness): each read goes to a real
 * Redis, sent only when the user asks or the auto-refresh ticks.
 */
import { QueryClient } from '@tanstack/react-query';

export function newLiveQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
      },
    },
  });
}
