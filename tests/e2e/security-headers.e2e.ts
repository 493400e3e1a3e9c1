import { headerTargets } from '../../scripts/lib/header-targets';
import { checkTarget } from '../../scripts/check-headers';
import { notFoundCopy } from '../../src/content/ui';
import { expect, test } from './support/fixtures';

// The Mozilla HTTP Observatory rubric (scripts/lib/observatory.ts) on every route and API endpoint.
test.describe('security headers (HTTP Observatory rubric)', () => {
  for (const target of headerTargets) {
    test(`${target.method} ${target.path} grades A+`, async ({ baseURL }) => {
      const { score } = await checkTarget(baseURL!, target);
      const lines = score.modifiers
        .filter((m) => m.modifier !== 0)
        .map((m) => `${m.modifier} ${m.result}`);
      expect(score.score, lines.join('\n')).toBeGreaterThanOrEqual(100);
      const csp = score.modifiers.find((m) => m.test === 'content-security-policy')!;
      expect(csp.result).toBe('csp-implemented-with-no-unsafe-default-src-none');
    });
  }
});

test.describe('Content-Security-Policy in the browser', () => {
  test('an injected inline script is refused, and the refusal is reported', async ({
    page,
    pageErrors,
    expectedConsoleErrors,
  }) => {
    expectedConsoleErrors.push(/csp: script-src-elem blocked inline/, /Content Security Policy/);
    await page.goto('/');
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { __injected?: boolean }).__injected ?? false;
    });
    expect(ran).toBe(false);
    await expect
      .poll(() => pageErrors.some((line) => line.startsWith('csp: script-src-elem blocked inline')))
      .toBe(true);
  });
  test('an inbox address that is no page gets the 404 page with its styles, nothing blocked', async ({
    page,
  }) => {
    const response = await page.goto('/admin/overveiw');
    expect(response!.status()).toBe(404);
    const heading = page.getByRole('heading', { level: 1, name: notFoundCopy.heading });
    await expect(heading).toBeVisible();
    // text-4xl from the inlined stylesheet: the policy let it in (a blocked one fails the test too).
    expect(await heading.evaluate((element) => getComputedStyle(element).fontSize)).toBe('36px');
  });
});
