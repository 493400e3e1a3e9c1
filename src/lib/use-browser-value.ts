import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * A value only the browser knows (the address, say), for a prerendered page: null on the server and
 * during hydration, so the HTML and the first client render agree, then the browser's value, in the
 * render right after hydration. No effect has to copy it into state.
 */
export function useBrowserValue<T>(read: () => T): T | null {
  return useSyncExternalStore<T | null>(noSubscription, read, () => null);
}
