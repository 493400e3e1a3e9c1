import { routes } from '../../src/content/routes';
import { expect, test } from './support/fixtures';

test.use({ javaScriptEnabled: false });

test.describe('without JavaScript', () => {
  for (const route of routes) {
    test(`${route.path} serves its full content as HTML`, async ({ page }) => {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('header')).toBeVisible();
      await expect(page.locator('footer')).toBeVisible();
    });
  }

  test('home: every FAQ answer is in the HTML and opens without scripts', async ({ page }) => {
    await page.goto('/');
    const items = page.locator('#faq details');
    await expect(items).toHaveCount(6);
    await items.nth(1).locator('summary').click();
    await expect(items.nth(1).getByRole('paragraph')).toBeVisible();
    await expect(items.nth(1)).toContainText('2-3 business days');
  });
});
