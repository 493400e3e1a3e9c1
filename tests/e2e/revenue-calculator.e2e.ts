import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectNoLayoutShift,
  recordLayoutShifts,
  test,
  waitForHydration,
} from './support/fixtures';
import { WCAG_22_AA } from '../support/axe';

const PATH = '/revenue-calculator';

/** Field labels as shown, with each one's default (docs/product.md section 7.1). */
const FIELDS = [
  { name: 'totalCalls', label: 'Calls per day', value: '20' },
  { name: 'afterHoursPercent', label: 'Calls after hours', value: '60' },
  { name: 'leadQualityRate', label: 'Qualified leads', value: '20' },
  { name: 'leadToTourRate', label: 'Leads who book a tour', value: '25' },
  { name: 'tourToLeaseRate', label: 'Tours that become leases', value: '35' },
  { name: 'averageRent', label: 'Average monthly rent', value: '1500' },
  { name: 'averageStayDuration', label: 'Average stay', value: '2' },
] as const;

const DEFAULT_FIGURES = {
  monthlyMissedCalls: '360.0',
  qualifiedLeadsLost: '72.0',
  toursLost: '18.0',
  leasesLost: '6.3',
  monthlyRevenueLoss: '$9,450',
  annualImpact: '$113,400',
  lifetimeValueLoss: '$226,800',
};

const DEFAULT_QUERY =
  'totalCalls=20&afterHoursPercent=60&leadQualityRate=20&leadToTourRate=25&tourToLeaseRate=35&averageRent=1500&averageStayDuration=2';

// 45 calls a day, 72% after hours, 15% qualified, 30% tour, 40% lease, $2,250 rent, 1.5-year stay.
const SHARED_QUERY =
  'totalCalls=45&afterHoursPercent=72&leadQualityRate=15&leadToTourRate=30&tourToLeaseRate=40&averageRent=2250&averageStayDuration=1.5';
const SHARED_FIGURES = {
  monthlyMissedCalls: '972.0',
  qualifiedLeadsLost: '145.8',
  toursLost: '43.7',
  leasesLost: '17.5',
  monthlyRevenueLoss: '$39,366',
  annualImpact: '$472,392',
  lifetimeValueLoss: '$708,588',
};

const field = (page: Page, label: string) =>
  page.locator('#calculator').getByRole('spinbutton', { name: label });
const results = (page: Page) => page.locator('#results');
const calculate = (page: Page) => page.getByRole('button', { name: 'Calculate My Lost Revenue' });

/** Waits until the calculator is interactive (it switches the form to its own validation then). */
async function ready(page: Page) {
  await waitForHydration(page);
  await expect(page.locator('form[data-calculator-form]')).toHaveAttribute('novalidate', '');
}

async function expectFigures(region: Locator, figures: Record<string, string>) {
  for (const [name, value] of Object.entries(figures)) {
    await expect(region.locator(`[data-result="${name}"] dd`), name).toHaveText(value);
  }
}

/** Records the submit, the page's first scroll after it, and every scrollIntoView call. */
async function recordScrolling(page: Page) {
  await page.addInitScript(() => {
    const log = { submitAt: 0, submitY: 0, scrollAt: 0, behaviors: [] as string[] };
    (window as unknown as { scrollLog: typeof log }).scrollLog = log;
    document.addEventListener(
      'submit',
      () => {
        log.submitAt = performance.now();
        log.submitY = window.scrollY;
      },
      true,
    );
    // Scroll events are dispatched a frame late: count only a position that moved after the submit.
    window.addEventListener('scroll', () => {
      if (log.submitAt && !log.scrollAt && window.scrollY !== log.submitY)
        log.scrollAt = performance.now();
    });
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (
      this: Element,
      options?: boolean | ScrollIntoViewOptions,
    ) {
      if (typeof options === 'object') log.behaviors.push(String(options.behavior));
      return original.call(this, options);
    };
  });
}

/** Waits for the scroll to the results, then for them to settle under the fixed header. */
async function expectScrolledToResults(page: Page) {
  await expect.poll(async () => (await scrollLog(page)).behaviors.length).toBe(1);
  const header = await page.evaluate(
    () => document.querySelector('header')!.getBoundingClientRect().bottom,
  );
  await expect
    .poll(async () => (await page.locator('#results').boundingBox())!.y, {
      message: 'results top, relative to the header',
    })
    .toBeGreaterThanOrEqual(header);
  await expect
    .poll(async () => (await page.locator('#results').boundingBox())!.y - header)
    .toBeLessThan(40);
}

const scrollLog = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          scrollLog: { submitAt: number; scrollAt: number; behaviors: string[] };
        }
      ).scrollLog,
  );

test.describe('revenue calculator', () => {
  test('shows every input with its label, unit, help and default (docs/product.md section 7.1), and no results before calculating', async ({
    page,
  }) => {
    await page.goto(PATH);
    await ready(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'How much are missed calls costing you?',
    );
    for (const { name, label, value } of FIELDS) {
      const input = field(page, label);
      await expect(input, label).toHaveValue(value);
      await expect(input).toHaveAttribute('name', name);
      await expect(input).toHaveAttribute('type', 'number');
      await expect(input).toHaveAttribute('min', '0');
      await expect(input).toHaveAttribute('required', '');
      await expect(input).toHaveAttribute('step', name === 'averageStayDuration' ? '0.1' : '1');
      const max = { totalCalls: '100000', averageRent: '1000000', averageStayDuration: '100' };
      await expect(input).toHaveAttribute('max', max[name as keyof typeof max] ?? '100');
      // Help text is the input's description; the unit is part of its name.
      await expect(input).toHaveAccessibleDescription(/^\S.{20,}$/);
    }
    await expect(field(page, 'Calls per day')).toHaveAccessibleName('Calls per day');
    await expect(field(page, 'Calls after hours')).toHaveAccessibleName(
      'Calls after hours (percent)',
    );
    await expect(field(page, 'Average monthly rent')).toHaveAccessibleName(
      'Average monthly rent (US dollars)',
    );
    await expect(field(page, 'Average stay')).toHaveAccessibleName('Average stay (years)');
    await expect(results(page)).toHaveCount(0);
    await expect(page.locator('#calculator')).not.toContainText('$9,450');
    await expect(page.locator('[data-no-script]')).toBeHidden();
    expect(new URL(page.url()).search).toBe('');
  });

  test('Calculate shows the figures of docs/product.md section 7.2 for the defaults, scrolls to them after 100 ms and moves focus to them', async ({
    page,
  }) => {
    await recordScrolling(page);
    await page.goto(PATH);
    await ready(page);
    await calculate(page).scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
    const before = await page.evaluate(() => window.scrollY);
    await calculate(page).click();
    const region = results(page);
    await expect(region).toBeVisible();
    await expect(region.getByRole('heading', { level: 2 })).toHaveText(
      'What missed calls cost you',
    );
    await expectFigures(region, DEFAULT_FIGURES);
    await expect(region).toContainText(
      'about $9,450 in rent every month: $113,400 a year, and $226,800',
    );
    await expect(region).toContainText('over a 2-year average stay');
    // The results are scrolled to the top of the view (under the fixed header) and take focus.
    await expectScrolledToResults(page);
    await expect(page.locator('#results-heading')).toBeInViewport({ ratio: 1 });
    await expect(page.locator('#results-heading')).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 200);
    const log = await scrollLog(page);
    const delay = log.scrollAt - log.submitAt;
    // Never before its 100 ms; a busy machine may run the timer late, never by a second and a half.
    expect(delay, `first scroll ${delay} ms after submit`).toBeGreaterThanOrEqual(95);
    expect(delay).toBeLessThan(1500);
    expect(log.behaviors).toEqual(['smooth']);
  });

  test('with reduced motion the page jumps to the results instead of gliding', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await recordScrolling(page);
    await page.goto(PATH);
    await ready(page);
    await calculate(page).scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
    await calculate(page).click();
    await expectScrolledToResults(page);
    await expect(page.locator('#results-heading')).toBeInViewport({ ratio: 1 });
    const log = await scrollLog(page);
    expect(log.behaviors).toEqual(['instant']);
    expect(log.scrollAt - log.submitAt).toBeGreaterThanOrEqual(95);
    // The chart's bars do not animate either.
    const transition = await page
      .locator('#results [data-bar]')
      .first()
      .evaluate((bar) => getComputedStyle(bar).transitionProperty);
    expect(transition).toBe('none');
  });

  test('submitting writes the inputs to the address without navigating; that address shows the same results', async ({
    page,
  }) => {
    await page.goto(PATH);
    await ready(page);
    const historyLength = await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
      return history.length;
    });
    const values = ['45', '72', '15', '30', '40', '2250', '1.5'];
    for (const [index, { label }] of FIELDS.entries())
      await field(page, label).fill(values[index]!);
    await calculate(page).click();
    await expectFigures(results(page), SHARED_FIGURES);
    await expect(page).toHaveURL(`${PATH}?${SHARED_QUERY}`);
    // replaceState: same document, no new history entry.
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);

    // Someone opens the shared address: the inputs and results are back, and scrolled into view.
    const shared = await page.context().newPage();
    await shared.goto(`${PATH}?${SHARED_QUERY}`);
    await ready(shared);
    for (const [index, { label }] of FIELDS.entries())
      await expect(field(shared, label)).toHaveValue(values[index]!);
    await expectFigures(results(shared), SHARED_FIGURES);
    await expect(shared.locator('#results-heading')).toBeInViewport();
    await shared.close();
  });

  test('an address with unusable values counts them as 0 (percentages capped at 100) and keeps other parameters', async ({
    page,
  }) => {
    await page.goto(`${PATH}?utm_source=newsletter&totalCalls=abc&afterHoursPercent=150`);
    await ready(page);
    await expect(field(page, 'Calls per day')).toHaveValue('0');
    await expect(field(page, 'Calls after hours')).toHaveValue('100');
    await expect(field(page, 'Average monthly rent')).toHaveValue('1500');
    await expectFigures(results(page), {
      monthlyMissedCalls: '0.0',
      leasesLost: '0.0',
      monthlyRevenueLoss: '$0',
      lifetimeValueLoss: '$0',
    });
    await field(page, 'Calls per day').fill('20');
    await calculate(page).click();
    await expectFigures(results(page), { monthlyMissedCalls: '600.0' });
    expect(new URL(page.url()).searchParams.get('utm_source')).toBe('newsletter');
    expect(new URL(page.url()).searchParams.get('afterHoursPercent')).toBe('100');
  });

  test('Reset restores the defaults, hides the results and clears the address', async ({
    page,
  }) => {
    await page.goto(`${PATH}?${SHARED_QUERY}`);
    await ready(page);
    await expect(results(page)).toBeVisible();
    await field(page, 'Calls per day').fill('');
    await calculate(page).click();
    await expect(field(page, 'Calls per day')).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Reset' }).click();
    for (const { label, value } of FIELDS) await expect(field(page, label)).toHaveValue(value);
    await expect(results(page)).toHaveCount(0);
    await expect(field(page, 'Calls per day')).not.toHaveAttribute('aria-invalid');
    await expect(page.locator('#calculator [role="status"]')).toHaveText(
      'The default figures are back and the results are cleared.',
    );
    expect(new URL(page.url()).search).toBe('');
    // And it calculates again from the defaults.
    await calculate(page).click();
    await expectFigures(results(page), DEFAULT_FIGURES);
    await expect(page).toHaveURL(`${PATH}?${DEFAULT_QUERY}`);
  });

  test('bad input gets a clear message tied to its field, focus, and no results; editing clears it', async ({
    page,
  }) => {
    await page.goto(PATH);
    await ready(page);
    await field(page, 'Calls per day').fill('');
    await field(page, 'Qualified leads').fill('150');
    await field(page, 'Average monthly rent').fill('-5');
    await field(page, 'Average stay').fill('2.25');
    await calculate(page).click();
    const expected = [
      ['Calls per day', 'Calls per day is required. Enter a number, or 0 if it does not apply.'],
      ['Qualified leads', 'Qualified leads is a percentage. Enter a number from 0 to 100.'],
      ['Average monthly rent', 'Average monthly rent cannot be negative. Enter 0 or more.'],
      ['Average stay', 'Average stay can have at most one decimal place, for example 2.5.'],
    ] as const;
    for (const [label, message] of expected) {
      const input = field(page, label);
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveAccessibleDescription(
        new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
      await expect(page.locator('#calculator').getByText(message)).toBeVisible();
    }
    await expect(field(page, 'Calls after hours')).not.toHaveAttribute('aria-invalid');
    await expect(field(page, 'Calls per day')).toBeFocused();
    await expect(results(page)).toHaveCount(0);
    expect(new URL(page.url()).search).toBe('');
    await field(page, 'Calls per day').fill('30');
    await expect(field(page, 'Calls per day')).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText('Calls per day is required.')).toHaveCount(0);
    await expect(field(page, 'Qualified leads')).toHaveAttribute('aria-invalid', 'true');
  });

  test('the chart draws the funnel and the money to scale, with a text alternative and a data table', async ({
    page,
  }) => {
    await page.goto(`${PATH}?${DEFAULT_QUERY}`);
    await ready(page);
    const funnel = page.getByRole('img', { name: /^From missed calls to lost leases, each month/ });
    const money = page.getByRole('img', { name: /^Revenue lost/ });
    await expect(funnel).toBeVisible();
    await expect(money).toBeVisible();
    await expect(funnel).toHaveAccessibleName(
      'From missed calls to lost leases, each month Bar chart: 360.0 missed calls, 72.0 qualified leads lost, 18.0 tours lost and 6.3 leases lost each month.',
    );
    await expect(money).toHaveAccessibleName(
      'Revenue lost Bar chart: $9,450 lost each month, $113,400 a year and $226,800 over the average stay.',
    );
    // Bars are proportional to the largest value of their chart.
    const widths = async (chart: Locator) =>
      chart
        .locator('[data-bar]')
        .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('width')));
    expect(await widths(funnel)).toEqual(['100.00%', '20.00%', '5.00%', '1.75%']);
    expect(await widths(money)).toEqual(['4.17%', '50.00%', '100.00%']);
    // Its height is fixed up front (nothing shifts as it draws).
    expect(await funnel.getAttribute('height')).toBe(String(4 * 52 - 10));

    const table = page.locator('#results table');
    await expect(table).toBeHidden();
    await page.getByText('Show these figures as a table').click();
    await expect(table).toBeVisible();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [tr.querySelector('th')!.textContent, tr.querySelector('td')!.textContent]),
      );
    expect(rows).toEqual([
      ['Missed calls', '360.0'],
      ['Qualified leads lost', '72.0'],
      ['Tours lost', '18.0'],
      ['Leases lost', '6.3'],
      ['Monthly revenue loss', '$9,450'],
      ['Annual impact', '$113,400'],
      ['Lifetime value loss', '$226,800'],
    ]);
  });

  test('the results button goes to /contact-demo', async ({ page }) => {
    await page.goto(PATH);
    await ready(page);
    await calculate(page).click();
    const button = results(page).getByRole('link', { name: 'Book a Demo' });
    await expect(button).toHaveAttribute('href', '/contact-demo');
    await button.click();
    await expect(page).toHaveURL('/contact-demo');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('works from the keyboard alone', async ({ page }) => {
    await page.goto(PATH);
    await ready(page);
    // Tab from the top of the page to the first input.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.getAttribute('name') === 'totalCalls'))
        break;
    }
    await expect(field(page, 'Calls per day')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('40');
    // On to the Calculate button, past the other six inputs.
    for (let i = 0; i < 7; i++) await page.keyboard.press('Tab');
    await expect(calculate(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#results-heading')).toBeFocused();
    await expectFigures(results(page), {
      monthlyMissedCalls: '720.0',
      leasesLost: '12.6',
      monthlyRevenueLoss: '$18,900',
      lifetimeValueLoss: '$453,600',
    });
    // Enter in a field submits too, and Reset is a keyboard control as well.
    await field(page, 'Calls per day').press('ArrowDown');
    await field(page, 'Calls per day').press('Enter');
    await expectFigures(results(page), { monthlyMissedCalls: '702.0' });
    await expect(page.locator('#results-heading')).toBeFocused();
    // Reset is the control just before the results.
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Reset' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(results(page)).toHaveCount(0);
    await expect(field(page, 'Calls per day')).toHaveValue('20');
  });

  test('with results open: no axe violations, with an error neither', async ({ page }) => {
    await page.goto(`${PATH}?${DEFAULT_QUERY}`);
    await ready(page);
    await expect(results(page)).toBeVisible();
    await page.getByText('Show these figures as a table').click();
    const all = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
    expect(
      all.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await field(page, 'Calls after hours').fill('101');
    await calculate(page).click();
    await expect(field(page, 'Calls after hours')).toHaveAttribute('aria-invalid', 'true');
    const withError = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
    expect(
      withError.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  });

  test('past its max a count, the rent or the stay is refused with the max; an address past them shows the largest figures, on a 320 px screen', async ({
    page,
  }) => {
    await page.goto(PATH);
    await ready(page);
    await field(page, 'Average monthly rent').fill('2000000');
    await calculate(page).click();
    const message = 'Average monthly rent can be at most 1,000,000. Enter a smaller number.';
    await expect(page.locator('#calculator').getByText(message)).toBeVisible();
    await expect(field(page, 'Average monthly rent')).toBeFocused();
    await expect(results(page)).toHaveCount(0);

    await page.setViewportSize({ width: 320, height: 640 });
    const most = 'totalCalls=1e308&averageRent=1e308&averageStayDuration=1e308';
    const rates =
      'afterHoursPercent=100&leadQualityRate=100&leadToTourRate=100&tourToLeaseRate=100';
    await page.goto(`${PATH}?${most}&${rates}`);
    await ready(page);
    await expect(field(page, 'Calls per day')).toHaveValue('100000');
    await expect(field(page, 'Average stay')).toHaveValue('100');
    await expectFigures(results(page), {
      monthlyMissedCalls: '3,000,000.0',
      lifetimeValueLoss: '$3,600,000,000,000,000',
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
  });

  test('at 320 px: no horizontal scroll, a legible calculator and no layout shift as shared results appear', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await recordLayoutShifts(page);
    await page.goto(`${PATH}?${DEFAULT_QUERY}`, { waitUntil: 'load' });
    await ready(page);
    await expect(page.locator('#results-heading')).toBeInViewport();
    await page.waitForTimeout(800);
    await expectNoLayoutShift(page);
    await page.getByText('Show these figures as a table').click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    // The site's shared header and footer links are checked elsewhere; here, the calculator itself.
    const axe = await new AxeBuilder({ page })
      .include('#calculator')
      .withTags(WCAG_22_AA)
      .analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});

test.describe('revenue calculator without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the static page has the form with labels and defaults, the formula worked through, and says why it cannot calculate', async ({
    page,
  }) => {
    await page.goto(PATH);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const form = page.locator('form[data-calculator-form]');
    await expect(form).toHaveAttribute('method', 'get');
    await expect(form).toHaveAttribute('action', PATH);
    for (const { label, value } of FIELDS) await expect(field(page, label)).toHaveValue(value);
    await expect(page.locator('[data-no-script]')).toBeVisible();
    await expect(page.locator('[data-no-script]')).toContainText(
      'JavaScript is turned off in your browser',
    );
    // Read before the fields, so no one fills them in first.
    await expect(page.locator('[data-no-script] ~ form[data-calculator-form]')).toHaveCount(1);
    const how = page.locator('#how-we-calculate');
    await expect(how.getByRole('heading', { level: 2 })).toHaveText('How we calculate');
    await expect(how.locator('ol > li')).toHaveCount(7);
    await expect(how).toContainText('Calls per day × share of calls after hours × 30 days');
    await expect(how).toContainText('20 × 60% × 30 = 360.0');
    await expect(how).toContainText('6.3 × $1,500 = $9,450');
    await expect(how).toContainText('$113,400 × 2 = $226,800');
    await expect(results(page)).toHaveCount(0);
  });

  test('the form submits as a GET to the page, and the browser enforces the bounds', async ({
    page,
  }) => {
    await page.goto(PATH);
    await field(page, 'Calls after hours').fill('150');
    await calculate(page).click();
    // Over 100%: the browser refuses to submit.
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search).toBe('');
    await field(page, 'Calls after hours').fill('60');
    await field(page, 'Calls per day').fill('40');
    await Promise.all([page.waitForURL(/\?totalCalls=40/), calculate(page).click()]);
    expect(new URL(page.url()).search).toBe(
      `?${DEFAULT_QUERY.replace('totalCalls=20', 'totalCalls=40')}`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
