import { GTM_ID } from './support/servers';
import { expect, test } from './support/fixtures';

// Runs against the build with NEXT_PUBLIC_GTM_ID set (project "tag-manager").
test('with a container id the tag manager loads after the page, without blocking it', async ({
  page,
  externalRequests,
}) => {
  await page.goto('/');
  await expect
    .poll(() => externalRequests.find((url) => url.includes('googletagmanager.com/gtm.js')))
    .toContain(`id=${GTM_ID}`);
  // Not a render-blocking script in the server HTML's head.
  const blocking = await page
    .locator('head script[src*="googletagmanager"]:not([async]):not([defer])')
    .count();
  expect(blocking).toBe(0);
  // Its bootstrap runs once the page has hydrated (after first paint), not before.
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? [],
      ),
    )
    .toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
});
