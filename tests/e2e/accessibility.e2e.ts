import { routes } from '../../src/content/routes';
import { expect, test, waitForHydration, expectNoAxeViolations } from './support/fixtures';

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const route of routes) {
    test(`${route.path} has no violations`, async ({ page }) => {
      await page.goto(route.path);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    });

    test(`${route.path} has no violations on a 320 px phone`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await page.goto(route.path);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    });

    test(`${route.path} has no violations once scrolled (solid header)`, async ({ page }) => {
      await page.goto(route.path);
      await waitForHydration(page);
      await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
      await expect(page.locator('header')).toHaveAttribute('data-scrolled', 'true');
      await expectNoAxeViolations(page);
    });
  }

  test('the not-found page has no violations', async ({ page }) => {
    await page.goto('/no-such-page');
    await expectNoAxeViolations(page);
  });

  test('the open FAQ has no violations', async ({ page }) => {
    await page.goto('/');
    await page.locator('#faq summary').first().click();
    await expectNoAxeViolations(page);
  });

  test('the open mobile menu has no violations', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the open web app modal has no violations', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('keyboard users can skip to the content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });

  test('focus is always visible on interactive elements', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      expect(outline.style).not.toBe('none');
      expect(outline.width).toBeGreaterThanOrEqual(2);
    }
  });
});
