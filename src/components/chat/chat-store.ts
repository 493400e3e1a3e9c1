import type { ComponentType } from 'react';
import type { ChatPanelProps } from './chat-panel';

// The chat loader and its states (docs/product.md section 8.2), shared by the launcher, the chat
// buttons and the 'open-chat-widget' event. The panel is fetched on the first request only.

type ChatLoadError = 'network' | 'other';

export type ChatState = {
  /** false on the server and during hydration: controls render their no-JavaScript form. */
  hydrated: boolean;
  status: 'idle' | 'loading' | 'loaded';
  error: ChatLoadError | null;
  /** The control whose load failed (it shows the error); null: the launcher or the event. */
  errorSource: string | null;
  /** Loaded, waiting for the automatic open. */
  opening: boolean;
  open: boolean;
  Panel: ComponentType<ChatPanelProps> | null;
};

const initial: ChatState = {
  hydrated: false,
  status: 'idle',
  error: null,
  errorSource: null,
  opening: false,
  open: false,
  Panel: null,
};

/** A chunk that could not be fetched (offline, blocked) rather than code that failed. */
export function isNetworkError(error: unknown): boolean {
  return (
    error instanceof Error &&
    // Turbopack and webpack name it ChunkLoadError; browsers' import() says 'Failed to fetch
    // dynamically imported module'.
    (error.name === 'ChunkLoadError' ||
      /chunk|fetch|importing a module script/i.test(error.message))
  );
}

type PanelModule = { ChatPanel: ComponentType<ChatPanelProps> };

/** The loader; `load` is the panel's dynamic import (a stand-in in unit tests). */
export function createChatStore(load: () => Promise<PanelModule>) {
  let state: ChatState = { ...initial, hydrated: true };
  const listeners = new Set<() => void>();
  let opener: HTMLElement | null = null;

  const set = (patch: Partial<ChatState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const open = () => set({ open: true, opening: false });

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => state,
    server: () => initial,

    /** Open the chat, loading the panel first if it is not loaded yet. */
    request(source: string | null = null) {
      if (state.open) return;
      opener =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body
          ? document.activeElement
          : null;
      if (state.status === 'loaded') return open();
      if (state.status === 'loading') return;
      set({ status: 'loading', error: null, errorSource: source });
      load().then(
        // The panel mounts hidden and calls autoOpen() at chatConfig.autoOpenDelaysMs.
        (module) => set({ status: 'loaded', opening: true, Panel: module.ChatPanel }),
        (error: unknown) =>
          set({ status: 'idle', error: isNetworkError(error) ? 'network' : 'other' }),
      );
    },

    /** Closes the panel; `restoreFocus` returns focus to the control that opened it. */
    close(restoreFocus: boolean) {
      set({ open: false, opening: false });
      const target = opener;
      opener = null;
      // After React has re-enabled the control ('Chat Active!' is disabled while open).
      if (restoreFocus && target) setTimeout(() => target.isConnected && target.focus(), 0);
    },

    dismissError() {
      set({ error: null, errorSource: null });
    },

    /** A scheduled open: opens the panel only if it has not been opened or closed since loading. */
    autoOpen() {
      if (state.opening) open();
    },
  };
}

/** The page's one chat loader, shared by the launcher, the chat buttons and the window event. */
export const chatStore = createChatStore(() => import('./chat-panel'));
