import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { dialogFrameSlot, dialogScript } from '@/lib/dialog-script';

/** A stand-in element keeping its attributes in a map, with the load listeners a frame is given. */
function element(tagName: string, attributes: Record<string, string> = {}) {
  const map = new Map(Object.entries(attributes));
  const loads: Array<() => void> = [];
  return {
    tagName,
    attributes: map,
    getAttribute: (name: string) => map.get(name) ?? null,
    hasAttribute: (name: string) => map.has(name),
    setAttribute: (name: string, value: string) => map.set(name, value),
    removeAttribute: (name: string) => map.delete(name),
    addEventListener(type: string, listen: () => void, options: { once: boolean }) {
      expect([type, options]).toEqual(['load', { once: true }]);
      loads.push(listen);
    },
    /** The frame's document finished loading. */
    load() {
      loads.splice(0).forEach((listen) => listen.call(this));
    },
  };
}

type Frame = ReturnType<typeof element>;

/** A stand-in frame slot: the element the script puts a dialog's frame in, and takes it out of. */
function slot(address: string) {
  let children: Frame[] = [];
  /** Every frame ever put in the slot, current or removed. */
  const made: Frame[] = [];
  const self = Object.assign(element('DIV', dialogFrameSlot(address, 'Web app preview')), {
    made,
    appendChild(child: Frame) {
      children = [...children, child];
      made.push(child);
    },
  });
  return Object.defineProperties(self, {
    firstChild: { get: () => children[0] ?? null },
    textContent: {
      set: () => {
        children = [];
      },
    },
    frame: { get: () => children[0] },
  }) as typeof self & {
    readonly firstChild: Frame | null;
    textContent: string;
    readonly frame: Frame;
  };
}

/** A stand-in <dialog>: open while it has the attribute, modal once showModal() ran. */
function dialog(slots: Array<ReturnType<typeof slot>>) {
  const base = element('DIALOG');
  const self = Object.assign(base, {
    modal: false,
    showModal() {
      if (base.hasAttribute('open')) throw new Error('InvalidStateError: already open');
      base.attributes.set('open', '');
      self.modal = true;
    },
    close() {
      base.attributes.delete('open');
      self.modal = false;
    },
    matches: (selector: string) => selector === ':modal' && self.modal,
    querySelectorAll: (selector: string) => (selector === '[data-frame-src]' ? slots : []),
  });
  return Object.defineProperty(self, 'open', {
    get: () => base.hasAttribute('open'),
  }) as typeof self & { readonly open: boolean };
}

/**
 * Runs the real script and returns its listeners, each checked to capture (toggle does not bubble,
 * and the click must come before the button's own command), and `paint()`, which runs what waits
 * for the next frame, then the tasks queued after it.
 */
function script() {
  const listeners = new Map<string, (event: object) => void>();
  let frames: Array<() => void> = [];
  let tasks: Array<() => void> = [];
  runInNewContext(dialogScript, {
    document: {
      createElement: (tagName: string) => element(tagName.toUpperCase()),
      addEventListener: (type: string, listen: (event: object) => void, capture: boolean) => {
        expect(capture).toBe(true);
        listeners.set(type, listen);
      },
    },
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void) => tasks.push(run),
  });
  expect([...listeners.keys()].sort()).toEqual(['click', 'toggle']);
  const paint = () => {
    const frame = frames;
    frames = [];
    frame.forEach((run) => run());
    const queued = tasks;
    tasks = [];
    queued.forEach((run) => run());
  };
  return { toggle: listeners.get('toggle')!, click: listeners.get('click')!, paint };
}

/** A click on (or inside) a show-modal button; `prevented` says whether the script took it. */
function click(commandFor: unknown, command = 'show-modal') {
  const event = {
    prevented: false,
    target: {
      closest: (selector: string) =>
        selector === 'button[command="show-modal"]' && command === 'show-modal'
          ? { commandForElement: commandFor }
          : null,
    },
    preventDefault() {
      event.prevented = true;
    },
  };
  return event;
}

describe('dialog script: paint first, then modal', () => {
  it("opens the dialog in the tap's frame and makes it modal once that frame is painted", () => {
    const { click: onClick, paint } = script();
    const preview = dialog([]);
    const event = click(preview);
    onClick(event);
    expect(event.prevented).toBe(true); // the button's own show-modal must not run as well
    expect([preview.open, preview.modal]).toEqual([true, false]);
    paint();
    expect([preview.open, preview.modal]).toEqual([true, true]);
  });

  it('does not make modal a dialog that closed before the paint, nor open one twice', () => {
    const { click: onClick, paint } = script();
    const preview = dialog([]);
    onClick(click(preview));
    preview.close();
    paint();
    expect(preview.open).toBe(false);

    preview.showModal();
    const again = click(preview);
    onClick(again);
    expect(again.prevented).toBe(false);
  });

  it('leaves other clicks, and browsers without invoker commands, to the page', () => {
    const { click: onClick } = script();
    for (const event of [click(undefined), click(element('DIV')), click(dialog([]), 'close')]) {
      onClick(event);
      expect(event.prevented).toBe(false);
    }
  });
});

/** The script and a dialog with a frame slot for `address`, just shown modally (toggle fired). */
function openedWithSlot(address: string) {
  const { toggle, paint } = script();
  const app = slot(address);
  const preview = dialog([app]);
  preview.showModal();
  toggle({ target: preview });
  return { toggle, paint, app, preview };
}

describe('dialog script: frames', () => {
  it('makes the frame of a dialog that opens, once, after its first paint, and removes it when it closes', () => {
    const { toggle, paint, app, preview } = openedWithSlot(
      'https://app.example.test/?utm_source=website',
    );
    // Not in the frame that first shows the dialog: after it.
    expect(app.frame).toBeUndefined();
    paint();
    expect(app.frame.tagName).toBe('IFRAME');
    expect(app.frame.getAttribute('src')).toBe('https://app.example.test/?utm_source=website');
    expect(app.frame.getAttribute('title')).toBe('Web app preview');
    toggle({ target: preview }); // a second event for the same opening does not reload the app
    paint();
    expect(app.made).toHaveLength(1);
    preview.close();
    toggle({ target: preview });
    expect(app.frame).toBeUndefined();

    preview.showModal(); // opening again starts afresh
    toggle({ target: preview });
    paint();
    expect(app.made).toHaveLength(2);
    expect(app.frame).toBe(app.made[1]);
  });

  it('keeps a loading frame out of the Tab order until its document has loaded', () => {
    const { paint, app } = openedWithSlot('https://app.example.test/');
    paint();
    expect(app.frame.getAttribute('tabindex')).toBe('-1');
    app.frame.load();
    expect(app.frame.getAttribute('tabindex')).toBeNull();
  });

  it('makes no frame if the dialog closed before it was painted', () => {
    const { toggle, paint, app, preview } = openedWithSlot('https://app.example.test/');
    preview.close();
    toggle({ target: preview });
    paint();
    expect(app.made).toHaveLength(0);
  });

  it('leaves other toggles alone (an FAQ item, a popover menu)', () => {
    const { toggle, paint } = script();
    const app = slot('https://app.example.test/');
    for (const tagName of ['DETAILS', 'DIV'])
      toggle({ target: { tagName, open: true, querySelectorAll: () => [app] } });
    paint();
    expect(app.made).toHaveLength(0);
  });
});
