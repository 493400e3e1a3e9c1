import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DIALOG_FRAME_SRC_ATTRIBUTE, dialogFrameScript } from '@/lib/dialog-frame';

/** A stand-in iframe keeping its attributes in a map. */
function frame(address: string) {
  const attributes = new Map<string, string>([[DIALOG_FRAME_SRC_ATTRIBUTE, address]]);
  return {
    attributes,
    sets: 0,
    getAttribute: (name: string) => attributes.get(name) ?? null,
    setAttribute(name: string, value: string) {
      this.sets++;
      attributes.set(name, value);
    },
    removeAttribute: (name: string) => attributes.delete(name),
  };
}

/** Runs the real script and returns its toggle listener, checking it listens in the capture phase (toggle does not bubble). */
function listener() {
  let handler: ((event: { target: unknown }) => void) | undefined;
  runInNewContext(dialogFrameScript, {
    document: {
      addEventListener: (type: string, listen: typeof handler, capture: boolean) => {
        expect([type, capture]).toEqual(['toggle', true]);
        handler = listen;
      },
    },
  });
  return handler!;
}

describe('dialog frame script', () => {
  it('loads the frames of a dialog that opens, once, and unloads them when it closes', () => {
    const onToggle = listener();
    const app = frame('https://app.example.test/?utm_source=website');
    const dialog = {
      tagName: 'DIALOG',
      open: true,
      querySelectorAll: (selector: string) => (selector === `iframe[${DIALOG_FRAME_SRC_ATTRIBUTE}]` ? [app] : []),
    };
    onToggle({ target: dialog });
    expect(app.getAttribute('src')).toBe('https://app.example.test/?utm_source=website');
    onToggle({ target: dialog }); // a second event for the same opening does not reload the app
    expect(app.sets).toBe(1);
    dialog.open = false;
    onToggle({ target: dialog });
    expect(app.getAttribute('src')).toBeNull();
  });

  it('leaves other toggles alone (an FAQ item, a popover menu)', () => {
    const onToggle = listener();
    const app = frame('https://app.example.test/');
    for (const tagName of ['DETAILS', 'DIV']) onToggle({ target: { tagName, open: true, querySelectorAll: () => [app] } });
    expect(app.getAttribute('src')).toBeNull();
  });
});
