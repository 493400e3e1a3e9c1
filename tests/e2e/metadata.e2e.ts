import { routes } from '../../src/content/routes';
import { BRAND, SITE_URL } from './support/servers';
import { expect, test } from './support/fixtures';

// One spelling per page everywhere it is named: Next writes the home page's canonical as the bare
// origin, so the sitemap and the structured data do too.
const pageUrl = (path: string) => (path === '/' ? SITE_URL : `${SITE_URL}${path}`);

test.describe('metadata', () => {
  for (const route of routes) {
    test(`${route.path} has its title, description, keywords, canonical, Open Graph and Twitter tags`, async ({
      page,
    }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      const title = `${route.title} | ${BRAND}`;
      const canonical = pageUrl(route.path);
      await expect(page).toHaveTitle(title);
      const meta = (selector: string) => page.locator(selector).getAttribute('content');
      expect(await meta('meta[name="description"]')).toBe(route.description);
      expect(await meta('meta[name="keywords"]')).toBe(route.keywords.join(','));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
      expect(await meta('meta[property="og:title"]')).toBe(title);
      expect(await meta('meta[property="og:description"]')).toBe(route.description);
      expect(await meta('meta[property="og:url"]')).toBe(canonical);
      expect(await meta('meta[property="og:type"]')).toBe('website');
      expect(await meta('meta[property="og:site_name"]')).toBe(BRAND);
      expect(await meta('meta[property="og:image"]')).toBe(`${SITE_URL}/og-image.png`);
      expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
      expect(await meta('meta[name="twitter:title"]')).toBe(title);
      expect(await meta('meta[name="twitter:image"]')).toBe(`${SITE_URL}/og-image.png`);
      const robots = await meta('meta[name="robots"]');
      expect(robots).toBe(route.indexable ? 'index, follow' : 'noindex, follow');
      await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute(
        'href',
        /favicon\.ico|icon/,
      );
    });
  }

  test('the Open Graph image is generated as a 1200x630 PNG', async ({ request }) => {
    const response = await request.get('/og-image.png');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const body = await response.body();
    expect(body.subarray(1, 4).toString()).toBe('PNG');
    expect(body.readUInt32BE(16)).toBe(1200);
    expect(body.readUInt32BE(20)).toBe(630);
  });

  test('favicon.ico and the SVG icon are served', async ({ request }) => {
    const ico = await request.get('/favicon.ico');
    expect(ico.status()).toBe(200);
    expect(ico.headers()['content-type']).toContain('image/x-icon');
    const svg = await request.get('/icon.svg');
    expect(svg.status()).toBe(200);
  });

  test('sitemap.xml lists every indexable route and nothing else', async ({ request }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => match[1],
    );
    expect(locs.sort()).toEqual(
      routes
        .filter((route) => route.indexable)
        .map((route) => pageUrl(route.path))
        .sort(),
    );
  });

  test('robots.txt allows crawling and names the sitemap', async ({ request }) => {
    const text = await (await request.get('/robots.txt')).text();
    expect(text).toContain('User-Agent: *');
    expect(text).toContain('Allow: /');
    expect(text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });

  test('the home page describes the organization and website in JSON-LD', async ({ page }) => {
    await page.goto('/');
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.flatMap((block) => JSON.parse(block) as Array<Record<string, unknown>>);
    expect(data).toContainEqual(
      expect.objectContaining({ '@type': 'Organization', name: BRAND, url: pageUrl('/') }),
    );
    expect(data).toContainEqual(
      expect.objectContaining({ '@type': 'WebSite', name: BRAND, url: pageUrl('/') }),
    );
  });

  for (const path of [
    '/ai-voice-agent',
    '/aria-voice-agent',
    '/ai-chatbot',
    '/appointment-scheduling',
    '/email-sms-automation',
    '/crm-integration',
    '/review-management',
  ] as const) {
    test(`${path} describes its service in JSON-LD, provided by the brand`, async ({ page }) => {
      await page.goto(path);
      const blocks = page.locator('script[type="application/ld+json"]');
      await expect(blocks).toHaveCount(1);
      const data = JSON.parse((await blocks.textContent())!) as Record<string, unknown>;
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Service',
        description: routes.find((route) => route.path === path)!.description,
        url: pageUrl(path),
        areaServed: 'US',
        audience: { '@type': 'BusinessAudience' },
        provider: { '@type': 'Organization', name: BRAND, url: pageUrl('/') },
      });
      expect(data.name).toEqual(expect.any(String));
      expect(data.serviceType).toEqual(expect.any(String));
    });
  }

  test('an unknown path answers 404 with a not-found page inside the site wrapper', async ({
    page,
  }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(`Page Not Found | ${BRAND}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.locator('header')).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.locator('[data-announcement-bar]')).toBeVisible();
    expect(await page.locator('meta[name="robots"]').first().getAttribute('content')).toContain(
      'noindex',
    );
  });

  test('every response carries the baseline security headers and no X-Powered-By', async ({
    request,
  }) => {
    for (const path of ['/', '/no-such-page', '/sitemap.xml', '/og-image.png']) {
      const headers = (await request.get(path)).headers();
      expect(headers['strict-transport-security'], path).toMatch(
        /max-age=\d{8,}; includeSubDomains/,
      );
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['permissions-policy'], path).toContain('microphone=(self)');
      expect(headers['x-powered-by'], path).toBeUndefined();
    }
  });

  test("the inbox's pages, not the public ones, are unindexed and in a browsing context group of their own", async ({
    request,
  }) => {
    for (const path of ['/admin', '/admin/sign-in']) {
      const headers = (await request.get(path, { maxRedirects: 0 })).headers();
      expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
      expect(headers['x-robots-tag'], path).toBe('noindex, nofollow');
    }
    // A public page would make every arrival start a process for its own group (next.config.ts).
    const headers = (await request.get('/')).headers();
    expect(headers['cross-origin-opener-policy']).toBeUndefined();
    expect(headers['x-robots-tag']).toBeUndefined();
  });
});
