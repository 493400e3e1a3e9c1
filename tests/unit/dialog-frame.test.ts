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

/**
 * Runs the real script and returns its toggle listener, checking it listens in the capture phase (toggle does
 * not bubble), and `paint()`, which runs what waits for the next frame and then the tasks queued after it.
 */
function listener() {
  let handler: ((event: { target: unknown }) => void) | undefined;
  let frames: Array<() => void> = [];
  let tasks: Array<() => void> = [];
  runInNewContext(dialogFrameScript, {
    document: {
      addEventListener: (type: string, listen: typeof handler, capture: boolean) => {
        expect([type, capture]).toEqual(['toggle', true]);
        handler = listen;
      },
    },
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void) => tasks.push(run),
  });
  const paint = () => {
    const frame = frames;
    frames = [];
    frame.forEach((run) => run());
    const queued = tasks;
    tasks = [];
    queued.forEach((run) => run());
  };
  return Object.assign(handler!, { paint });
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
    // Not in the frame that first shows the dialog: after it.
    expect(app.getAttribute('src')).toBeNull();
    onToggle.paint();
    expect(app.getAttribute('src')).toBe('https://app.example.test/?utm_source=website');
    onToggle({ target: dialog }); // a second event for the same opening does not reload the app
    onToggle.paint();
    expect(app.sets).toBe(1);
    dialog.open = false;
    onToggle({ target: dialog });
    expect(app.getAttribute('src')).toBeNull();
  });

  it('loads nothing if the dialog closed before it was painted', () => {
    const onToggle = listener();
    const app = frame('https://app.example.test/');
    const dialog = { tagName: 'DIALOG', open: true, querySelectorAll: () => [app] };
    onToggle({ target: dialog });
    dialog.open = false;
    onToggle({ target: dialog });
    onToggle.paint();
    expect(app.getAttribute('src')).toBeNull();
    expect(app.sets).toBe(0);
  });

  it('leaves other toggles alone (an FAQ item, a popover menu)', () => {
    const onToggle = listener();
    const app = frame('https://app.example.test/');
    for (const tagName of ['DETAILS', 'DIV']) onToggle({ target: { tagName, open: true, querySelectorAll: () => [app] } });
    onToggle.paint();
    expect(app.getAttribute('src')).toBeNull();
  });
});
