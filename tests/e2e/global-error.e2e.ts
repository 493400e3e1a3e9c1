import type { Page } from '@playwright/test';
import { builtScriptContaining, expect, test, waitForHydration } from './support/fixtures';

/**
 * src/app/global-error.tsx, under the site's CSP. To force a render error no visitor could cause,
 * the chat panel's chunk is rewritten on its way to the browser so that rendering it throws.
 */

const PANEL_MARKER = 'data-chat-panel';

/** Serves the panel's chunk with its root element's props made to throw while rendering. */
async function breakPanelRendering(page: Page) {
  const chunk = builtScriptContaining(PANEL_MARKER);
  await page.route(
    (url) => url.pathname === chunk,
    async (route) => {
      const response = await route.fetch();
      const code = await response.text();
      const broken = code.replace(
        /"data-chat-panel":""/,
        '"data-chat-panel":(()=>{throw new Error("forced render error")})()',
      );
      expect(broken, 'the panel root is where the test expects it').not.toBe(code);
      await route.fulfill({ response, body: broken });
    },
  );
}

test.describe('global error page', () => {
  test.beforeEach(
    ({ expectedConsoleErrors }) => void expectedConsoleErrors.push(/forced render error/),
  );

  test('a render error shows the designed error page with no CSP violation, and it recovers', async ({
    page,
    pageErrors,
  }) => {
    await breakPanelRendering(page);
    await page.goto('/appointment-scheduling');
    await waitForHydration(page);
    await page.evaluate(() =>
      window.dispatchEvent(new Event('open-chat-widget', { cancelable: true })),
    );

    const heading = page.getByRole('heading', { level: 1, name: 'Something went wrong' });
    await expect(heading).toBeVisible();
    await expect(page).toHaveTitle('Something went wrong');
    // The site's stylesheet styles it: brand colours and a rounded button, not browser defaults.
    const retry = page.getByRole('button', { name: 'Try again' });
    await expect(retry).not.toHaveCSS('border-radius', '0px');
    await expect(retry).toHaveCSS('background-color', 'rgb(107, 63, 212)'); // brand-600
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    expect(await page.locator('[style]').count(), 'no inline style attribute anywhere').toBe(0);
    expect(pageErrors.filter((line) => line.startsWith('csp:'))).toEqual([]);

    // Back to Home is a full page load that works again.
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).not.toHaveText(
      'Something went wrong',
    );
  });
});
