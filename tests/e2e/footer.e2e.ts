import { APP_URL, LINKEDIN_URL } from './support/servers';
import { dataLayer, expect, test, waitForHydration } from './support/fixtures';

test.describe('footer', () => {
  test('call to action buttons go where docs/product.md section 3.4 says', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(
      footer.getByRole('link', { name: 'See How AI Can Transform Your Business' }),
    ).toHaveAttribute('href', '/growth-audit');
    await expect(footer.getByRole('link', { name: 'Contact Our Team' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
    const app = new URL(
      (await footer.getByRole('link', { name: 'Try the App Free' }).getAttribute('href'))!,
    );
    expect(app.origin).toBe(new URL(APP_URL).origin);
    expect(app.searchParams.get('utm_source')).toBe('website');
  });

  test('Try the App Free pushes cta_click hero_try_app', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const link = page.locator('footer').getByRole('link', { name: 'Try the App Free' });
    await link.evaluate((element) =>
      element.addEventListener('click', (event) => event.preventDefault()),
    );
    await link.click();
    expect(await dataLayer(page)).toEqual([{ event: 'cta_click', cta_id: 'hero_try_app' }]);
  });

  test('Contact Our Team is a full page load, not a client-side navigation', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await page.locator('footer').getByRole('link', { name: 'Contact Our Team' }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await page.waitForLoadState('load');
    expect(
      await page.evaluate(() => (window as unknown as { marker?: boolean }).marker),
    ).toBeUndefined();
  });

  test('service and company links have the destinations of docs/product.md section 3.4', async ({
    page,
  }) => {
    await page.goto('/');
    const services = page.getByRole('navigation', { name: 'Services' }).getByRole('link');
    expect(
      await services.evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual([
      '/ai-voice-agent',
      '/ai-chatbot',
      '/appointment-scheduling',
      '/email-sms-automation',
      '/crm-integration',
      '/review-management',
      '/property-management',
    ]);
    const company = page.getByRole('navigation', { name: 'Company' }).getByRole('link');
    expect(
      await company.evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(['/how-it-works', '/contact-us', '/privacy-policy', '/terms-conditions']);
    await expect(
      page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).last(),
    ).toHaveAttribute('href', '/privacy-policy');
    await expect(
      page.locator('footer').getByRole('link', { name: 'Terms & Conditions' }).last(),
    ).toHaveAttribute('href', '/terms-conditions');
  });

  test('shows a social icon only for the networks that are configured', async ({ page }) => {
    // The test build configures LinkedIn only.
    await page.goto('/');
    const social = page.getByRole('list', { name: 'Social media' }).getByRole('link');
    await expect(social).toHaveCount(1);
    await expect(social).toHaveAccessibleName('LinkedIn');
    await expect(social).toHaveAttribute('href', LINKEDIN_URL);
  });
});
