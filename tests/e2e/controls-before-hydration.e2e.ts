import type { Locator, Page } from '@playwright/test';
import { routes } from '../../src/content/routes';
import { expect, holdScripts, test, waitForHydration } from './support/fixtures';

/**
 * The framework's scripts arrive after the first paint (about 2.5 s later on a slow phone), and
 * some visitors have none, so every visible control must do something when pressed before them.
 * Controls are found generically, so a new one that only works once hydrated fails here unlisted.
 * Each is pressed on a fresh page, and so is every control its press reveals. With JavaScript on
 * and the start-up chunks held back, each check asserts React had not reached the control yet.
 */

const CONTROLS = [
  'button',
  '[role="button"]',
  'summary',
  '[popovertarget]',
  '[commandfor]',
  'input[type="submit"]',
  'input[type="reset"]',
  'input[type="button"]',
  'input[type="image"]',
].join(', ');

/**
 * How many controls each route shows before the scripts run, at 375 and 1280 px, with JavaScript
 * off and held back (the pre-paint script adds the bar's close button and the home page's Preview),
 * so a route whose controls went missing fails instead of passing with nothing to press.
 */
type Counts = [off375: number, off1280: number, held375: number, held1280: number];
const VISIBLE_CONTROLS: Record<string, Counts> = {
  '/': [7, 6, 9, 8],
  '/ai-voice-agent': [1, 0, 2, 1],
  '/aria-voice-agent': [9, 8, 10, 9],
  '/aria-landing': [10, 9, 11, 10],
  '/ai-chatbot': [1, 0, 2, 1],
  '/appointment-scheduling': [1, 0, 2, 1],
  '/email-sms-automation': [1, 0, 2, 1],
  '/crm-integration': [1, 0, 2, 1],
  '/review-management': [1, 0, 2, 1],
  '/growth-audit': [2, 1, 3, 2],
  '/thank-you': [1, 0, 2, 1],
  '/property-management': [1, 0, 2, 1],
  '/revenue-calculator': [3, 2, 4, 3],
  '/services-overview': [1, 0, 2, 1],
  '/how-it-works': [1, 0, 2, 1],
  '/contact-demo': [2, 1, 3, 2],
  '/contact-us': [2, 1, 3, 2],
  '/privacy-policy': [1, 0, 2, 1],
  '/terms-conditions': [1, 0, 2, 1],
};

/** How long start-up chunks are held back in the "before hydration" runs. */
const HOLD_MS = 5000;

type Snapshot = { url: string; open: string[]; visible: number; values: string; active: string };

/**
 * What a press can change, read in the page: the address, open disclosures, dialogs and popovers,
 * visible elements, form values, and focus ('the control' when it is on control `index`).
 */
function snapshot(page: Page, index: number): Promise<Snapshot> {
  return page.evaluate(
    ([selector, index]) => {
      const control = document.querySelectorAll(selector)[index];
      const name = (element: Element | null) => {
        if (!element || element === document.body) return 'body';
        if (element === control) return 'the control';
        const all = document.getElementsByTagName('*');
        return `${element.tagName.toLowerCase()}#${Array.prototype.indexOf.call(all, element)}`;
      };
      const all = [...document.body.querySelectorAll('*')];
      return {
        url: location.href,
        open: all
          .filter((element) =>
            element instanceof HTMLDetailsElement || element instanceof HTMLDialogElement
              ? element.open
              : element.matches('[popover]:popover-open'),
          )
          .map(name),
        visible: all.filter((element) => element.checkVisibility()).length,
        values: [...document.querySelectorAll<HTMLInputElement>('input, select, textarea')]
          .map((field) => `${field.value}:${field.checked}`)
          .join('|'),
        active: name(document.activeElement),
      };
    },
    [CONTROLS, index] as const,
  );
}

/** The indices (among all CONTROLS in the document) of the controls visible and enabled. */
function pressableControls(page: Page): Promise<number[]> {
  return page.evaluate((selector) => {
    const controls = [...document.querySelectorAll<HTMLElement>(selector)];
    return controls.flatMap((control, index) =>
      control.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
      !control.matches(':disabled') &&
      !control.closest('[inert]')
        ? [index]
        : [],
    );
  }, CONTROLS);
}

/** Whether React has attached itself to this element (it has hydrated it). */
const hydrated = (control: Locator) =>
  control.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react')));

async function describeControl(control: Locator): Promise<string> {
  return control.evaluate((element) => {
    const label =
      element.getAttribute('aria-label') ??
      element.textContent?.trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${element.tagName.toLowerCase()}> "${label}"`;
  });
}

test.describe.configure({ mode: 'parallel' });

for (const mode of ['JavaScript off', 'start-up scripts held back'] as const) {
  for (const width of [375, 1280]) {
    test.describe(`controls with ${mode}, at ${width} px`, () => {
      test.use({ javaScriptEnabled: mode !== 'JavaScript off', viewport: { width, height: 800 } });

      for (const route of routes) {
        test(`${route.path}: every visible control does something when pressed`, async ({
          page,
        }) => {
          test.setTimeout(180_000);
          let loadedAt = 0;
          let navigated = false;
          page.on('request', (request) => {
            if (request.isNavigationRequest() && request.frame() === page.mainFrame())
              navigated = true;
          });
          if (mode !== 'JavaScript off') {
            await page.route(/\/_next\/static\/chunks\/.*\.js(\?.*)?$/, async (route) => {
              await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
              await route.continue().catch(() => {}); // the page may have moved on
            });
          }

          const load = async () => {
            await page.goto(route.path, { waitUntil: 'domcontentloaded' });
            // The page has painted (the loader's trigger). Polled from here: with JavaScript off
            // the page runs no observer callbacks.
            await expect
              .poll(
                () =>
                  page.evaluate(
                    () => performance.getEntriesByName('first-contentful-paint').length,
                  ),
                { intervals: [50] },
              )
              .toBe(1);
            loadedAt = Date.now();
            navigated = false;
          };

          /** Presses control `index`; returns what changed, or null when nothing did. */
          const press = async (index: number): Promise<string | null> => {
            const control = page.locator(CONTROLS).nth(index);
            const what = await describeControl(control);
            if (mode !== 'JavaScript off')
              expect(await hydrated(control), `${what} was hydrated before it was pressed`).toBe(
                false,
              );
            // A reset button only shows its effect on a form that differs from its defaults.
            const resetsForm = await control.evaluate(
              (element) =>
                (element as HTMLButtonElement).type === 'reset' &&
                (element as HTMLButtonElement).form !== null,
            );
            if (resetsForm) {
              const field = control
                .locator('xpath=ancestor::form[1]')
                .locator('input:not([type=hidden]):visible, textarea:visible')
                .first();
              await field.fill((await field.inputValue()) === '7' ? '8' : '7');
            }
            const before = await snapshot(page, index);
            await control.click({ timeout: 10_000 });
            let effect: string | null = null;
            for (
              const deadline = Date.now() + 2000;
              !effect && Date.now() < deadline;
              await page.waitForTimeout(100)
            ) {
              if (navigated) {
                effect = 'navigated';
                break;
              }
              const after = await snapshot(page, index).catch(() => null);
              if (!after)
                effect = 'navigated'; // the document went away mid-read
              else if (after.url !== before.url) effect = `address changed to ${after.url}`;
              else if (after.open.join() !== before.open.join())
                effect = `opened/closed: ${before.open.join() || '-'} -> ${after.open.join() || '-'}`;
              else if (after.visible !== before.visible)
                effect = `visible elements ${before.visible} -> ${after.visible}`;
              else if (after.values !== before.values) effect = 'form values changed';
              // Any click focuses the pressed control; focus elsewhere is an effect.
              else if (after.active !== before.active && after.active !== 'the control')
                effect = `focus moved to ${after.active}`;
            }
            if (mode !== 'JavaScript off' && effect !== 'navigated') {
              expect(
                Date.now() - loadedAt,
                `${what}: checked within the ${HOLD_MS} ms hold`,
              ).toBeLessThan(HOLD_MS);
              expect(
                await hydrated(control).catch(() => false),
                `${what} was hydrated when its effect was checked`,
              ).toBe(false);
            }
            return effect ? `${what}: ${effect}` : null;
          };

          await load();
          const first = await pressableControls(page);
          expect(first.length, `visible controls on ${route.path} at ${width} px`).toBe(
            VISIBLE_CONTROLS[route.path]?.[
              (mode === 'JavaScript off' ? 0 : 2) + (width === 375 ? 0 : 1)
            ],
          );
          const dead: string[] = [];
          const worked: string[] = [];
          for (const index of first) {
            await load();
            const effect = await press(index);
            if (!effect) {
              dead.push(
                await describeControl(page.locator(CONTROLS).nth(index)).catch(
                  () => `control ${index}`,
                ),
              );
              continue;
            }
            worked.push(effect);
            if (effect.endsWith('navigated') || effect.includes('address changed')) continue;
            // Controls the press revealed (a dialog's Close button): each pressed from that state.
            const revealed = (await pressableControls(page)).filter(
              (other) => !first.includes(other),
            );
            for (const next of revealed) {
              await load();
              expect(
                await press(index),
                `re-opening before pressing control ${next}`,
              ).not.toBeNull();
              const inner = await press(next);
              if (inner) worked.push(`  then ${inner}`);
              else
                dead.push(
                  `${await describeControl(page.locator(CONTROLS).nth(next))} (after pressing control ${index})`,
                );
            }
          }
          test.info().annotations.push({
            type: 'controls',
            description: worked.join('\n') || '(none visible)',
          });
          expect(dead, `controls that did nothing on ${route.path}:\n${worked.join('\n')}`).toEqual(
            [],
          );
        });
      }
    });
  }
}

test.describe('before hydration, the controls behave as they will after it', () => {
  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

    test.describe('JavaScript off', () => {
      test.use({ javaScriptEnabled: false });

      test('the menu opens, reports itself expanded, and closes on Escape or a tap outside', async ({
        page,
        context,
      }) => {
        await page.goto('/');
        const cdp = await context.newCDPSession(page);
        /** Chromium's own accessibility tree: what a screen reader is told about the toggle. */
        const expanded = async () => {
          const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
            nodes: Array<{
              role?: { value: string };
              name?: { value: string };
              properties?: Array<{ name: string; value: { value: unknown } }>;
            }>;
          };
          const toggle = nodes.find(
            (node) => node.role?.value === 'button' && /menu/.test(node.name?.value ?? ''),
          );
          return {
            name: toggle?.name?.value,
            expanded: toggle?.properties?.find((property) => property.name === 'expanded')?.value
              .value,
          };
        };
        expect(await expanded()).toEqual({ name: 'Open menu', expanded: false });
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link')).toHaveText(
          ['Benefits', 'Services', 'Benchmarks', 'FAQ', 'Get Started'],
        );
        expect(await expanded()).toEqual({ name: 'Close menu', expanded: true });

        await page
          .getByRole('navigation', { name: 'Mobile' })
          .getByRole('link', { name: 'Services' })
          .focus();
        await page.keyboard.press('Escape');
        await expect(page.locator('#mobile-menu')).toBeHidden();
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.mouse.click(8, 700);
        await expect(page.locator('#mobile-menu')).toBeHidden();
      });
    });

    test('a menu opened before hydration is reported open once hydrated, and closes as usual', async ({
      page,
    }) => {
      const release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      const toggle = page.locator('[popovertarget="mobile-menu"]');
      // The platform's own state until hydrated.
      await expect(toggle).not.toHaveAttribute('aria-expanded');
      await toggle.click();
      await expect(page.locator('#mobile-menu')).toBeVisible();
      release();
      await waitForHydration(page);
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(toggle).toHaveAccessibleName('Close menu');
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toHaveAccessibleName('Open menu');
    });

    test('the announcement dismissed before hydration stays dismissed', async ({ page }) => {
      const release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      const before = Date.now();
      await page.getByRole('button', { name: 'Dismiss announcement' }).click();
      await expect(page.locator('[data-announcement-bar]')).toBeHidden();
      await expect(page.locator('header')).toHaveCSS('top', '0px');
      await expect(page.locator('[data-logo-link]')).toBeFocused();
      expect(
        Number(await page.evaluate(() => localStorage.getItem('announcement_dismissed_at'))),
      ).toBeGreaterThanOrEqual(before);
      release();
      await page.reload();
      await expect(page.locator('[data-announcement-bar]')).toBeHidden();
    });
  });

  test.describe('at 1280 px', () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('Preview opens the app in the dialog, which closes with Escape or a backdrop click and gives focus back', async ({
      page,
      externalRequests,
    }) => {
      await holdScripts(page);
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      expect(externalRequests, 'the frame is not loaded before it is asked for').toEqual([]);
      const preview = page.getByRole('button', { name: 'Preview' });
      await preview.click();
      const dialog = page.getByRole('dialog', { name: 'Web app preview' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
      await expect(
        page.frameLocator('dialog iframe').getByRole('heading', { name: 'Web app' }),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.locator('#app-preview iframe')).toHaveCount(0);
      await expect(preview).toBeFocused();

      await preview.click();
      await expect(dialog).toBeVisible();
      await page.mouse.click(5, 5);
      await expect(dialog).toBeHidden();
      expect(
        await page
          .locator('[popovertarget], [commandfor]')
          .evaluateAll((elements) =>
            elements.some((element) =>
              Object.keys(element).some((key) => key.startsWith('__react')),
            ),
          ),
      ).toBe(false);
    });
  });

  test.describe('JavaScript off, at 1280 px', () => {
    test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });

    test('Preview is not shown, the app is not loaded, and the web app link still opens it', async ({
      page,
      externalRequests,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Try Our Web App' })).toBeVisible();
      await expect(page.locator('[commandfor="app-preview"][command="show-modal"]')).toBeHidden();
      expect(externalRequests).toEqual([]);
      await page.getByRole('link', { name: 'Try Our Web App' }).click();
      await expect(page.getByRole('heading', { name: 'Web app' })).toBeVisible();
    });

    test('the announcement has no close button it could not honour, and the bar is laid out as with it', async ({
      page,
      browser,
    }) => {
      const layout = async (target: Page) => {
        await target.goto('/');
        return target
          .locator('[data-announcement-bar] p')
          .evaluate((p) => JSON.stringify(p.getBoundingClientRect()));
      };
      const withoutScripts = await layout(page);
      await expect(page.locator('[data-announcement-bar]')).toBeVisible();
      await expect(page.locator('[data-announcement-bar]').getByRole('button')).toBeHidden();
      const scripted = await browser.newContext({
        javaScriptEnabled: true,
        viewport: { width: 1280, height: 800 },
      });
      try {
        const other = await scripted.newPage();
        expect(withoutScripts).toBe(await layout(other));
        await expect(other.getByRole('button', { name: 'Dismiss announcement' })).toBeVisible();
      } finally {
        await scripted.close();
      }
    });
  });
});
