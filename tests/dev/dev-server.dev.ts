import type { WebSocket } from '@playwright/test';
import { expect, test, waitForHydration } from '../e2e/support/fixtures';

/**
 * The development server answers every route with the development policy, and pages render, hydrate
 * and open the hot-reload connection under it with no CSP violation or console error.
 */

for (const path of ['/', '/contact-us', '/revenue-calculator']) {
  test(`${path}: served by next dev, hydrated, hot reload connected, nothing refused`, async ({
    page,
    baseURL,
  }) => {
    const sockets: WebSocket[] = [];
    page.on('websocket', (socket) => sockets.push(socket));
    const response = await page.goto(path);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['content-security-policy']).toContain(
      "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    );
    await expect(page.locator('h1').first()).toBeVisible();
    await waitForHydration(page);
    // The dev server's own WebSocket (hot reloading), allowed by connect-src 'self'.
    await expect
      .poll(
        () =>
          sockets.filter((socket) => new URL(socket.url()).host === new URL(baseURL!).host).length,
      )
      .toBeGreaterThan(0);
    // Late errors: a refused socket or a hydration mismatch is reported after load.
    await page.waitForTimeout(1_000);
  });
}
