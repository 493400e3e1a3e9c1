import { createHash } from 'node:crypto';
import { routes } from '../../src/content/routes';
import { expect, test, waitForHydration } from './support/fixtures';

// Every prerendered page carries its stylesheet inline (scripts/inline-css.mjs): the first paint waits for no
// second request, the web font still loads from the build's media folder, the page's policy allows exactly
// that style, and React keeps using it across client-side navigation instead of fetching the file again.

const styleText = (html: string) => /<style data-href="\/_next\/static\/[^"]+\.css">([\s\S]*?)<\/style>/.exec(html)?.[1];

test.describe('the stylesheet arrives inside each page', () => {
  for (const { path } of routes) {
    test(`${path}: styled without a stylesheet request, its style allowed by hash, the web font loaded`, async ({ page, request }) => {
      const response = await request.get(path);
      const css = styleText(await response.text());
      expect(css, 'an inlined stylesheet').toBeTruthy();
      const hash = `'sha256-${createHash('sha256').update(css!).digest('base64')}'`;
      expect(response.headers()['content-security-policy']).toMatch(new RegExp(`style-src 'self' ${hash.replace(/[+/]/g, '\\$&')}(;|$)`));

      const requested: string[] = [];
      page.on('request', (req) => requested.push(new URL(req.url()).pathname));
      const failed: string[] = [];
      page.on('response', (res) => {
        if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
      });
      await page.goto(path);
      await waitForHydration(page);
      const fonts = await page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].filter((font) => font.status === 'loaded').map((font) => font.family);
      });
      expect(requested.filter((url) => url.endsWith('.css'))).toEqual([]);
      expect(requested.filter((url) => url.endsWith('.woff2'))).toEqual([expect.stringMatching(/^\/_next\/static\/media\/.+\.woff2$/)]);
      expect(
        fonts.some((family) => /inter/i.test(family) && !/fallback/i.test(family)),
        `loaded fonts: ${fonts.join(', ')}`,
      ).toBe(true);
      expect(failed).toEqual([]);
      // The stylesheet's link stays for React, typed so that no browser fetches it; React added no other.
      expect(await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((link) => link.getAttribute('type')))).toEqual(['text/plain']);
      // Styled: the header is fixed and the body uses the web font.
      expect(
        await page
          .locator('header')
          .first()
          .evaluate((header) => getComputedStyle(header).position),
      ).toBe('fixed');
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/inter/i);
    });
  }
});

test('a client-side navigation keeps the page styled without fetching the stylesheet', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  await page.goto('/');
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.locator('#services [data-learn-more]').nth(1).click();
  await expect(page).toHaveURL(/\/ai-chatbot$/);
  await expect(page.locator('h1')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker), 'the same document').toBe(true);
  expect(requested.filter((url) => url.endsWith('.css'))).toEqual([]);
  expect(await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((link) => link.getAttribute('type')))).toEqual(['text/plain']);
  expect(
    await page
      .locator('header')
      .first()
      .evaluate((header) => getComputedStyle(header).position),
  ).toBe('fixed');
  expect(await page.locator('h1').evaluate((h1) => Number(getComputedStyle(h1).fontWeight))).toBeGreaterThanOrEqual(600);
});
