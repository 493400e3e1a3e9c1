import { expect, test } from './support/fixtures';

test('with no tag manager configured the site makes no third-party request', async ({
  page,
  externalRequests,
}) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, 4000);
  await page.waitForTimeout(500);
  expect(externalRequests).toEqual([]);
  expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
});
