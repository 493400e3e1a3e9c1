import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createChatStore, isNetworkError } from '@/components/chat/chat-store';

/**
 * The chat loader's states (docs/product.md section 8.2), with the panel's dynamic import replaced
 * by a loader the test controls.
 */

class FakeElement {
  isConnected = true;
  focused = 0;
  focus() {
    this.focused += 1;
  }
}

beforeAll(() => {
  Object.assign(globalThis, {
    HTMLElement: FakeElement,
    document: { activeElement: null, body: null },
  });
});

const Panel = () => null;

/** A loader whose every attempt waits for the test to settle it. */
function controlledLoader() {
  const attempts: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  const load = () =>
    new Promise<{ ChatPanel: typeof Panel }>((resolve, reject) =>
      attempts.push({ resolve: () => resolve({ ChatPanel: Panel }), reject }),
    );
  return { attempts, store: createChatStore(load) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function loadedStore() {
  const { attempts, store } = controlledLoader();
  store.request();
  attempts[0]!.resolve();
  await settle();
  return { attempts, store };
}

describe('isNetworkError', () => {
  it('tells a chunk that could not be fetched from code that failed', () => {
    const chunk = Object.assign(
      new Error('Failed to load chunk static/chunks/x.js from module 1'),
      { name: 'ChunkLoadError' },
    );
    expect(isNetworkError(chunk)).toBe(true);
    expect(
      isNetworkError(new TypeError('Failed to fetch dynamically imported module: https://x/y.js')),
    ).toBe(true);
    expect(isNetworkError(new Error('Loading chunk 42 failed.'))).toBe(true);
    expect(
      isNetworkError(new TypeError("Cannot read properties of undefined (reading 'map')")),
    ).toBe(false);
    expect(isNetworkError(new Error('panel failed to start'))).toBe(false);
    expect(isNetworkError('offline')).toBe(false);
  });
});

describe('the chat loader', () => {
  it('starts not loaded and closed, without error; the server snapshot is not hydrated', () => {
    const { store } = controlledLoader();
    expect(store.get()).toMatchObject({
      hydrated: true,
      status: 'idle',
      error: null,
      opening: false,
      open: false,
      Panel: null,
    });
    expect(store.server()).toMatchObject({ hydrated: false, status: 'idle', open: false });
  });

  it('loads once however often it is asked while loading, then waits for the automatic open', async () => {
    const { attempts, store } = controlledLoader();
    store.request();
    expect(store.get().status).toBe('loading');
    store.request();
    store.request('button');
    expect(attempts).toHaveLength(1);
    attempts[0]!.resolve();
    await settle();
    expect(store.get()).toMatchObject({ status: 'loaded', opening: true, open: false, Panel });
  });

  it('opens on the first automatic attempt only: later attempts neither close nor reopen it', async () => {
    const { store } = await loadedStore();
    store.autoOpen();
    expect(store.get()).toMatchObject({ open: true, opening: false });
    store.autoOpen();
    expect(store.get().open).toBe(true);
    store.close(false);
    store.autoOpen();
    expect(store.get().open).toBe(false);
  });

  it('opens at once, without loading again, when asked after loading (also before the automatic open)', async () => {
    const { attempts, store } = await loadedStore();
    store.request();
    expect(store.get()).toMatchObject({ open: true, opening: false });
    store.autoOpen(); // the pending attempt finds nothing to do
    store.close(false);
    expect(store.get().open).toBe(false);
    store.request();
    expect(store.get().open).toBe(true);
    expect(attempts).toHaveLength(1);
  });

  it('records a chunk that could not be fetched as a network error of the control that asked; loading again resets it', async () => {
    const { attempts, store } = controlledLoader();
    store.request('hero-button');
    attempts[0]!.reject(
      Object.assign(new Error('Failed to load chunk x'), { name: 'ChunkLoadError' }),
    );
    await settle();
    expect(store.get()).toMatchObject({
      status: 'idle',
      error: 'network',
      errorSource: 'hero-button',
      open: false,
      Panel: null,
    });

    store.request();
    expect(store.get()).toMatchObject({ status: 'loading', error: null, errorSource: null });
    expect(attempts).toHaveLength(2);
    attempts[1]!.resolve();
    await settle();
    expect(store.get()).toMatchObject({ status: 'loaded', error: null });
  });

  it('records any other failure as such, until dismissed', async () => {
    const { attempts, store } = controlledLoader();
    store.request();
    attempts[0]!.reject(new TypeError('x is not a function'));
    await settle();
    expect(store.get()).toMatchObject({ status: 'idle', error: 'other', errorSource: null });
    store.dismissError();
    expect(store.get()).toMatchObject({ error: null, errorSource: null });
  });

  it('returns focus to the control that opened it only when asked to', async () => {
    const opener = new FakeElement();
    (globalThis.document as unknown as { activeElement: unknown }).activeElement = opener;
    const { store } = await loadedStore();
    store.autoOpen();
    store.close(true);
    await settle();
    expect(opener.focused).toBe(1);
    store.request();
    store.close(false);
    await settle();
    expect(opener.focused).toBe(1);
    (globalThis.document as unknown as { activeElement: unknown }).activeElement = null;
  });

  it('notifies subscribers of every change until they unsubscribe', async () => {
    const { attempts, store } = controlledLoader();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.request();
    attempts[0]!.resolve();
    await settle();
    expect(listener).toHaveBeenCalledTimes(2); // loading, loaded
    unsubscribe();
    store.autoOpen();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
