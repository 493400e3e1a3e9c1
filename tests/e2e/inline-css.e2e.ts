import { createHash } from 'node:crypto';
import { routes } from '../../src/content/routes';
import { builtSite, expect, test, waitForHydration } from './support/fixtures';

// Every prerendered page carries its stylesheet inline: no second request before the first paint,
// the web font still loads, the policy allows exactly that style, React keeps it across navigation.

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

test.describe('the stylesheet arrives inside each page', () => {
  for (const { path } of routes) {
    test(`${path}: styled without a stylesheet request, its style allowed by hash, the web font loaded`, async ({
      page,
    }) => {
      const requested: string[] = [];
      page.on('request', (req) => requested.push(new URL(req.url()).pathname));
      const failed: string[] = [];
      page.on('response', (res) => {
        if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
      });
      const response = await page.goto(path);
      // The page's one style element is the stylesheet, and the policy allows exactly it.
      const styles = await page
        .locator('style')
        .evaluateAll((elements) => elements.map((element) => element.textContent ?? ''));
      expect(styles.map((css) => css.length)).toEqual([expect.any(Number)]);
      expect(styles[0]!.length, 'the whole stylesheet').toBeGreaterThan(10_000);
      expect((await response!.allHeaders())['content-security-policy']).toContain(
        `style-src 'self' ${hash(styles[0]!)};`,
      );
      await waitForHydration(page);
      const fonts = await page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts]
          .filter((font) => font.status === 'loaded')
          .map((font) => font.family);
      });
      expect(requested.filter((url) => url.endsWith('.css'))).toEqual([]);
      const fontRequests = requested.filter((url) => url.endsWith('.woff2'));
      expect(fontRequests).toHaveLength(1);
      expect(builtSite().assets.map((asset) => asset.url)).toContain(fontRequests[0]);
      expect(
        fonts.some((family) => /inter/i.test(family) && !/fallback/i.test(family)),
        `loaded fonts: ${fonts.join(', ')}`,
      ).toBe(true);
      expect(failed).toEqual([]);
      // The stylesheet's link stays for React, typed so no browser fetches it; React adds no other.
      expect(
        await page
          .locator('link[rel="stylesheet"]')
          .evaluateAll((links) => links.map((link) => link.getAttribute('type'))),
      ).toEqual(['text/plain']);
      // Styled: the header is fixed and the body uses the web font.
      expect(
        await page
          .locator('header')
          .first()
          .evaluate((header) => getComputedStyle(header).position),
      ).toBe('fixed');
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
        /inter/i,
      );
    });
  }
});

test('a client-side navigation keeps the page styled without fetching the stylesheet', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  await page.goto('/');
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.locator('#services [data-learn-more]').nth(1).click();
  await expect(page).toHaveURL(/\/ai-chatbot$/);
  await expect(page.locator('h1')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { marker?: boolean }).marker),
    'the same document',
  ).toBe(true);
  expect(requested.filter((url) => url.endsWith('.css'))).toEqual([]);
  expect(
    await page
      .locator('link[rel="stylesheet"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('type'))),
  ).toEqual(['text/plain']);
  expect(
    await page
      .locator('header')
      .first()
      .evaluate((header) => getComputedStyle(header).position),
  ).toBe('fixed');
  expect(
    await page.locator('h1').evaluate((h1) => Number(getComputedStyle(h1).fontWeight)),
  ).toBeGreaterThanOrEqual(600);
});
