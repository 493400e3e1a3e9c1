import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * Chromium may paint a partly parsed page (a slow phone's parser yields mid-document), and anything
 * painted that moves as the rest arrives is a layout shift. Each test serves a page cut after each
 * start tag of its first screen and checks that every element in view sits where it does on the
 * whole page; JavaScript off and the web font refused, so only the markup's layout counts.
 */

type Boxes = Record<string, [x: number, y: number]>;

/** Document-order index -> [x, y] of every element visible in the viewport; the element count. */
async function visibleBoxes(page: Page): Promise<{ boxes: Boxes; elements: number }> {
  return page.evaluate(() => {
    const boxes: Record<string, [number, number]> = {};
    const elements = document.body.querySelectorAll('*');
    const visible = (box: DOMRect) =>
      box.width > 0 &&
      box.height > 0 &&
      box.bottom > 0 &&
      box.top < innerHeight &&
      box.right > 0 &&
      box.left < innerWidth;
    elements.forEach((element, index) => {
      const box = element.getBoundingClientRect();
      if (visible(box))
        boxes[
          `${index} ${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`
        ] = [box.x, box.y];
      // Text moves too (a label re-centred as an icon arrives): a text node counts as its element.
      element.childNodes.forEach((node, child) => {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) return;
        const range = document.createRange();
        range.selectNodeContents(node);
        const text = range.getBoundingClientRect();
        if (visible(text))
          boxes[`${index}:${child} text "${node.textContent.trim().slice(0, 30)}"`] = [
            text.x,
            text.y,
          ];
      });
    });
    return { boxes, elements: elements.length };
  });
}

/** How many elements, in document order, come before the first one below the viewport. */
async function firstScreenElementCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    const elements = [...document.body.querySelectorAll('*')];
    const below = elements.findIndex((element) => {
      if (element.closest('aside[data-announcement-bar], header')) return false;
      return element.getBoundingClientRect().top >= innerHeight;
    });
    return below === -1 ? elements.length : below;
  });
}

const cases = [
  { path: '/', why: 'announcement bar, header and the home hero' },
  { path: '/property-management', why: 'a page hero with two buttons' },
  { path: '/ai-chatbot', why: 'a service page hero with the chat button' },
  { path: '/aria-landing', why: 'a page hero followed by the stats band' },
  { path: '/services-overview', why: 'a page hero with the voice demo button' },
];

for (const width of [412, 1280]) {
  test.describe(`a page painted before it is fully parsed, at ${width} px`, () => {
    test.use({
      javaScriptEnabled: false,
      viewport: { width, height: 800 },
      expectedConsoleErrors: [/Failed to load resource: net::ERR_FAILED \(.*\.woff2\)/],
    });

    for (const { path, why } of cases) {
      test(`${path} (${why}): nothing already shown moves as the rest of the markup arrives`, async ({
        page,
        request,
      }) => {
        test.setTimeout(120_000);
        await page.route(/\.woff2$/, (route) => route.abort());
        const html = await (await request.get(path)).text();
        await page.goto(path, { waitUntil: 'load' });
        const { boxes: whole } = await visibleBoxes(page);
        const count = await firstScreenElementCount(page);

        const bodyStart = html.indexOf('<body');
        // Inline scripts' code is no markup: a '<' in it (i<n) starts no tag.
        const scriptCode = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map(
          (match) => {
            const start = match.index + match[0].indexOf('>') + 1;
            return [start, start + match[1]!.length] as const;
          },
        );
        const startTags = [...html.slice(bodyStart).matchAll(/<[a-zA-Z]/g)]
          .map((match) => bodyStart + match.index)
          .filter((at) => !scriptCode.some(([start, end]) => at >= start && at < end));
        // Start tag k opens element k of the whole page; cut before each of the first screen's.
        const cuts = startTags.slice(1, count + 1);
        expect(cuts.length, 'the first screen was found in the markup').toBeGreaterThan(20);

        let served = '';
        await page.route(
          (url) => url.pathname === path,
          (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: served }),
        );
        const moved: string[] = [];
        for (const [index, cut] of cuts.entries()) {
          served = html.slice(0, cut);
          await page.goto(path, { waitUntil: 'load' });
          const { boxes, elements } = await visibleBoxes(page);
          // Keys compare like with like only if each start tag before the cut made one element.
          expect(elements, `elements parsed before start tag ${index + 1}`).toBe(index);
          for (const [key, [x, y]] of Object.entries(boxes)) {
            const final = whole[key];
            if (!final || (Math.abs(final[0] - x) < 0.5 && Math.abs(final[1] - y) < 0.5)) continue;
            moved.push(
              `${key} at ${x.toFixed(1)},${y.toFixed(1)} -> ${final[0].toFixed(1)},${final[1].toFixed(1)}, when parsed up to …${html.slice(cut - 50, cut)}`,
            );
          }
        }
        expect(moved.slice(0, 10)).toEqual([]);
      });
    }
  });
}
