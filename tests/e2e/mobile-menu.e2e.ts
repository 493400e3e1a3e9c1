import { expect, test, waitForHydration } from './support/fixtures';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test.describe('mobile menu at 375 px', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
  });

  test('collapses the links behind a toggle that reports its state', async ({ page }) => {
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#mobile-menu')).toBeHidden();

    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link')).toHaveText([
      'Benefits',
      'Services',
      'Benchmarks',
      'FAQ',
      'Get Started',
    ]);
    await expect(menu.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/growth-audit',
    );

    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeHidden();
  });

  test('Escape closes it and returns focus to the toggle', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Services' })
      .focus();
    await page.keyboard.press('Escape');
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('a click outside closes it and returns focus to the toggle', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await page.mouse.click(8, 700); // page margin: nothing focusable there
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('choosing a section link closes it and scrolls to the section', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'FAQ' })
      .click();
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(page).toHaveURL(/\/#faq$/);
    await expect(page.locator('#faq')).toBeInViewport();
  });

  test('the page has no horizontal scroll', async ({ page }) => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});
