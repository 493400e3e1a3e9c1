import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import {
  n8n,
  replyWith,
  startChatWebhook,
  streamed,
  type ChatWebhook,
} from '../integration/support/chat-webhook';
import {
  builtScriptContaining,
  builtSite,
  expect,
  expectNoLayoutShift,
  recordLayoutShifts,
  test,
  waitForHydration,
  expectNoAxeViolations,
} from './support/fixtures';
import { CHAT_WEBHOOK_PORT } from './support/servers';

/**
 * The chat widget (docs/product.md section 8) with a stand-in webhook on CHAT_WEBHOOK_PORT. Serial:
 * the stand-in owns one fixed port.
 */
test.describe.configure({ mode: 'serial' });

/** A string only the panel module contains (its root's data attribute). */
const PANEL_MARKER = 'data-chat-panel';
const DEMO_GREETING = /I'm the demo assistant/;

/** The URL of the built script that holds the panel, found by its marker. */
const panelChunkName = () => builtScriptContaining(PANEL_MARKER);

const isPanelChunk = (url: string, chunk: string) => new URL(url).pathname === chunk;

function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

const dialog = (page: Page) => page.getByRole('dialog');
const messageBox = (page: Page) => dialog(page).getByRole('textbox', { name: 'Your message' });
const log = (page: Page) => dialog(page).getByRole('log');

async function openWithLauncher(page: Page) {
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(dialog(page)).toBeVisible();
}

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

type PanelTimeline = { mountedAt: number; opens: number[]; closes: number[] };

/** Records when the panel is mounted and every time it is shown or hidden (performance.now()). */
async function trackPanel(page: Page) {
  await page.addInitScript((marker) => {
    const timeline = { mountedAt: 0, opens: [] as number[], closes: [] as number[] };
    (window as unknown as { chatTimeline: typeof timeline }).chatTimeline = timeline;
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'childList') {
          for (const node of record.addedNodes)
            if (node instanceof HTMLElement && node.hasAttribute(marker))
              timeline.mountedAt = performance.now();
        } else if (record.target instanceof HTMLElement && record.target.hasAttribute(marker)) {
          (record.target.hidden ? timeline.closes : timeline.opens).push(performance.now());
        }
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['hidden'],
    });
  }, PANEL_MARKER);
}

const panelTimeline = (page: Page) =>
  page.evaluate(() => (window as unknown as { chatTimeline: PanelTimeline }).chatTimeline);

let webhook: ChatWebhook | null = null;
async function startWebhook() {
  webhook = await startChatWebhook({ port: CHAT_WEBHOOK_PORT });
  return webhook;
}
test.afterEach(async () => {
  await webhook?.stop();
  webhook = null;
});

test.describe('chat widget: loading on demand', () => {
  test('the panel code is in no first-load JavaScript of the pages with chat, nor of /services-overview', async ({
    request,
  }) => {
    const chunk = panelChunkName();
    for (const route of [
      '/ai-chatbot',
      '/appointment-scheduling',
      '/contact-us',
      '/services-overview',
    ]) {
      const html = await (await request.get(route)).text();
      // Every client script the page names: the loader's list and the RSC payload's references.
      const chunks = builtSite()
        .assets.filter(
          (asset) => asset.file.endsWith('.js') && html.includes(path.basename(asset.file)),
        )
        .map((asset) => asset.url);
      expect(chunks.length, route).toBeGreaterThan(3);
      for (const url of chunks) {
        expect(url, route).not.toContain(chunk);
        const code = await (await request.get(url)).text();
        expect(code.includes(PANEL_MARKER), `${route}: ${url}`).toBe(false);
      }
      expect(html).not.toContain(PANEL_MARKER);
    }
  });

  test('the panel chunk is not requested until the chat is opened, then once', async ({ page }) => {
    const chunk = panelChunkName();
    const requests = recordRequests(page);
    await page.goto('/ai-chatbot', { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.mouse.wheel(0, 2000);
    await page.getByRole('button', { name: 'Open chat' }).hover();
    await page.waitForTimeout(500);
    expect(requests.filter((request) => isPanelChunk(request.url(), chunk))).toHaveLength(0);

    // Asking three times while it loads fetches it once (a load request is ignored while loading).
    await page.getByRole('button', { name: 'Open chat' }).click();
    await page.evaluate(() => {
      window.dispatchEvent(new Event('open-chat-widget', { cancelable: true }));
      window.dispatchEvent(new Event('open-chat-widget', { cancelable: true }));
    });
    await expect(dialog(page)).toBeVisible();
    expect(requests.filter((request) => isPanelChunk(request.url(), chunk))).toHaveLength(1);
  });

  test("the 'open-chat-widget' window event opens it and is marked handled", async ({ page }) => {
    await page.goto('/appointment-scheduling');
    await waitForHydration(page);
    const notHandled = await page.evaluate(() =>
      window.dispatchEvent(new Event('open-chat-widget', { cancelable: true })),
    );
    expect(notHandled).toBe(false); // preventDefault() was called: OpenChatLink does not fall back
    await expect(dialog(page)).toBeVisible();
    await expect(page).toHaveURL(/\/appointment-scheduling$/);
  });

  test("/appointment-scheduling: both 'Get Started' controls open the chat instead of leaving the page", async ({
    page,
  }) => {
    await page.goto('/appointment-scheduling');
    await waitForHydration(page);
    const getStarted = page.locator('main').getByRole('link', { name: 'Get Started' });
    await expect(getStarted).toHaveCount(2);
    await getStarted.last().click();
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await getStarted.first().click();
    await expect(dialog(page)).toBeVisible();
    await expect(page).toHaveURL(/\/appointment-scheduling$/);
  });

  test("/ai-chatbot: 'See It in Action', then 'Loading Chat...', then 'Chat Active!' (disabled), and idle again once closed", async ({
    page,
  }) => {
    const chunk = panelChunkName();
    // Hold the panel's code back a little so the loading state can be seen.
    await page.route(
      (url) => isPanelChunk(url.href, chunk),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      },
    );
    await page.goto('/ai-chatbot');
    await waitForHydration(page);
    const hero = page.locator('main section').first();
    const button = hero.getByRole('button', { name: 'See It in Action' });
    await expect(button).toBeEnabled();
    await button.click();
    await expect(hero.getByRole('button', { name: 'Loading Chat...' })).toBeVisible();
    // The launcher says so too.
    await expect(page.locator('[data-chat-launcher]')).toHaveAccessibleName('Loading chat');
    const active = hero.getByRole('button', { name: 'Chat Active!' });
    await expect(active).toBeVisible();
    await expect(active).toBeDisabled();
    await expect(dialog(page)).toBeVisible();
    // Both chat buttons on the page share the state.
    await expect(
      page
        .locator('section[aria-labelledby="cta-heading"]')
        .getByRole('button', { name: 'Chat Active!' }),
    ).toBeDisabled();

    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(button).toBeEnabled();
    await expect(button).toBeFocused();
    // Once loaded, opening again is immediate and fetches nothing new.
    await button.click();
    await expect(dialog(page)).toBeVisible();
    await expect(active).toBeDisabled();
  });

  test('once loaded it opens by itself about 500 ms later, exactly once, and is never toggled shut', async ({
    page,
  }) => {
    await trackPanel(page);
    await page.goto('/appointment-scheduling');
    await waitForHydration(page);
    await page.evaluate(() =>
      window.dispatchEvent(new Event('open-chat-widget', { cancelable: true })),
    );
    await expect(dialog(page)).toBeVisible();
    await page.waitForTimeout(1800); // past the 1000 ms and 1.5 s attempts
    await expect(dialog(page)).toBeVisible();
    const timeline = await panelTimeline(page);
    expect(timeline.mountedAt).toBeGreaterThan(0);
    expect(timeline.opens).toHaveLength(1);
    expect(timeline.closes).toHaveLength(0);
    const delay = timeline.opens[0]! - timeline.mountedAt;
    // Never before 500 ms; a busy machine may run the timer late, but not past the 1.5 s attempt.
    expect(delay).toBeGreaterThanOrEqual(450);
    expect(delay).toBeLessThan(1500);
  });

  test('a visitor who closes it straight after the automatic open keeps it closed', async ({
    page,
  }) => {
    await trackPanel(page);
    await page.goto('/appointment-scheduling');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await page.waitForTimeout(1600);
    await expect(dialog(page)).toBeHidden();
    const timeline = await panelTimeline(page);
    expect(timeline.opens).toHaveLength(1); // the later attempts did not open it again
    expect(timeline.closes).toHaveLength(1);
    await expect(page.getByRole('button', { name: 'Open chat' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test.describe('load failures', () => {
    test.beforeEach(
      ({ expectedConsoleErrors }) =>
        void expectedConsoleErrors.push(/Failed to load resource: net::ERR_FAILED/),
    );

    test("a panel chunk that cannot be fetched shows 'Failed to load chat widget...' inline; trying again clears it", async ({
      page,
    }) => {
      const chunk = panelChunkName();
      const blocked = (url: URL) => isPanelChunk(url.href, chunk);
      await page.route(blocked, (route) => route.abort('failed'));
      await page.goto('/ai-chatbot');
      await waitForHydration(page);
      const hero = page.locator('main section').first();
      await hero.getByRole('button', { name: 'See It in Action' }).click();
      const alert = hero.getByRole('alert');
      await expect(alert).toHaveText(
        'Failed to load chat widget. Please check your internet connection and try again.',
      );
      await expect(hero.getByRole('button', { name: 'See It in Action' })).toBeEnabled();
      await expect(
        page.locator('section[aria-labelledby="cta-heading"]').getByRole('alert'),
      ).toHaveCount(0); // shown where it was asked for only
      await expect(dialog(page)).toHaveCount(0);

      // The error resets as soon as loading starts again.
      await page.unroute(blocked);
      await page.route(blocked, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      await hero.getByRole('button', { name: 'See It in Action' }).click();
      await expect(hero.getByRole('button', { name: 'Loading Chat...' })).toBeVisible();
      await expect(alert).toHaveCount(0);
      await expect(dialog(page)).toBeVisible();
      await expect(hero.getByRole('button', { name: 'Chat Active!' })).toBeDisabled();
    });

    test("any other failure while loading shows 'An error occurred while loading the chat widget...'", async ({
      page,
    }) => {
      const chunk = panelChunkName();
      // The chunk arrives, but the panel module throws while it is evaluated.
      await page.route(
        (url) => isPanelChunk(url.href, chunk),
        async (route) => {
          const response = await route.fetch();
          const code = (await response.text()).replace(
            /(=>\{"use strict";)/g,
            '$1throw new Error("panel failed to start");',
          );
          await route.fulfill({ response, body: code });
        },
      );
      await page.goto('/ai-chatbot');
      await waitForHydration(page);
      const hero = page.locator('main section').first();
      await hero.getByRole('button', { name: 'See It in Action' }).click();
      await expect(hero.getByRole('alert')).toHaveText(
        'An error occurred while loading the chat widget. Please try again.',
      );
    });

    test('a failure from the launcher is shown beside it', async ({ page }) => {
      const chunk = panelChunkName();
      await page.route(
        (url) => isPanelChunk(url.href, chunk),
        (route) => route.abort('failed'),
      );
      await page.goto('/appointment-scheduling');
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Open chat' }).click();
      const alert = page
        .getByRole('alert')
        .filter({ has: page.getByRole('button', { name: 'Dismiss' }) });
      await expect(alert).toContainText(
        'Failed to load chat widget. Please check your internet connection and try again.',
      );
      await alert.getByRole('button', { name: 'Dismiss' }).click();
      await expect(alert).toHaveCount(0);
    });
  });
});

test.describe('chat widget: conversation', () => {
  test('a message goes to the webhook in the n8n chat protocol and its output comes back as the reply', async ({
    page,
  }) => {
    const hook = await startWebhook();
    hook.answerWith(
      replyWith('We answer 24/7. Book a call at https://cal.example-agency.test/demo.'),
    );
    await page.goto('/ai-chatbot');
    await waitForHydration(page);
    await openWithLauncher(page);
    await send(page, 'Do you work weekends?');
    const reply = log(page).locator('[data-chat-message="assistant"]').last();
    await expect(reply).toHaveText(
      /We answer 24\/7\. Book a call at https:\/\/cal\.example-agency\.test\/demo/,
    );
    await expect(log(page)).toHaveAttribute('aria-live', 'polite');
    await expect(log(page).locator('[data-chat-message="user"]')).toHaveText(
      /Do you work weekends\?/,
    );
    await expect(messageBox(page)).toHaveValue('');

    expect(hook.received).toHaveLength(1);
    const body = hook.received[0]!.body;
    expect(body).toEqual({
      action: 'sendMessage',
      sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      route: 'general',
      chatInput: 'Do you work weekends?',
      metadata: { page: '/ai-chatbot' },
    });

    // The URL is a real link that opens safely in a new tab; the final full stop is not part of it.
    const link = reply.getByRole('link');
    await expect(link).toHaveAttribute('href', 'https://cal.example-agency.test/demo');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('HTML in a reply is shown as text, never run or rendered', async ({ page }) => {
    const hook = await startWebhook();
    const html =
      '<img src=x onerror="window.pwned=1"><b>bold</b> <a href="javascript:alert(1)">click</a>';
    hook.answerWith(replyWith(html));
    await page.goto('/ai-chatbot');
    await waitForHydration(page);
    await openWithLauncher(page);
    await send(page, 'Show me HTML');
    const reply = log(page).locator('[data-chat-message="assistant"]').last();
    await expect(reply).toHaveText(html);
    await expect(reply.locator('img, b, a')).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as unknown as { pwned?: number }).pwned),
    ).toBeUndefined();
  });

  test('with the webhook down the demo assistant answers, and says so', async ({ page }) => {
    await page.goto('/ai-chatbot');
    await waitForHydration(page);
    await openWithLauncher(page);
    await send(page, 'Hello?');
    const reply = log(page).locator('[data-chat-message="assistant"]').last();
    await expect(reply).toContainText(DEMO_GREETING);
    await expect(reply).toContainText('Demo assistant');
  });

  test.describe('webhook errors', () => {
    test.beforeEach(
      ({ expectedConsoleErrors }) => void expectedConsoleErrors.push(/status of 502 .*api\/chat/),
    );

    test('a failing webhook shows an inline error with a retry that works', async ({ page }) => {
      const hook = await startWebhook();
      let calls = 0;
      hook.answerWith(() =>
        ++calls === 1
          ? { status: 500, body: '{"message":"Workflow failed"}' }
          : replyWith('Second time lucky.'),
      );
      await page.goto('/ai-chatbot');
      await waitForHydration(page);
      await openWithLauncher(page);
      await send(page, 'Are you there?');
      const alert = dialog(page).getByRole('alert');
      await expect(alert).toContainText(
        'The assistant could not answer just now. Please try again.',
      );
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(log(page).locator('[data-chat-message="assistant"]').last()).toHaveText(
        'Second time lucky.',
      );
      await expect(alert).toHaveCount(0);
      // The message was sent twice but shown once.
      await expect(log(page).locator('[data-chat-message="user"]')).toHaveCount(1);
      expect(hook.received.map((request) => request.body.chatInput)).toEqual([
        'Are you there?',
        'Are you there?',
      ]);
    });
  });

  test("past the site's hourly budget the panel says the assistant is busy this hour, and offers a retry", async ({
    page,
    expectedConsoleErrors,
  }) => {
    expectedConsoleErrors.push(/status of 503 .*api\/chat/);
    // The server's answer once CHAT_MESSAGES_PER_HOUR is spent (paid-budgets.integ.ts reaches it).
    await page.route('**/api/chat', (route) =>
      route.fulfill({
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '1200' },
        body: JSON.stringify({ error: 'over_budget', message: 'x', retryAfter: 1200 }),
      }),
    );
    await page.goto('/ai-chatbot');
    await waitForHydration(page);
    await openWithLauncher(page);
    await send(page, 'Are you open on Sundays?');
    const alert = dialog(page).getByRole('alert');
    await expect(alert).toContainText(
      'The assistant has answered all the messages it can this hour. Please try again later, or contact us directly.',
    );
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  test('a typing indicator shows while the reply is on its way; Shift+Enter adds a line instead of sending', async ({
    page,
  }) => {
    const hook = await startWebhook();
    hook.answerWith(() => 'hang');
    await page.goto('/ai-chatbot');
    await waitForHydration(page);
    await openWithLauncher(page);
    await messageBox(page).fill('line one');
    await messageBox(page).press('Shift+Enter');
    await messageBox(page).pressSequentially('line two');
    await expect(messageBox(page)).toHaveValue('line one\nline two');
    expect(hook.received).toHaveLength(0);
    await messageBox(page).press('Enter');
    await expect(dialog(page).getByRole('status')).toHaveText('The assistant is typing');
    await expect(dialog(page).getByRole('button', { name: 'Sending' })).toBeDisabled();
    await expect.poll(() => hook.received.length).toBe(1);
    expect(hook.received[0]!.body.chatInput).toBe('line one\nline two');
  });

  test('the session id and the conversation survive a reload', async ({ page }) => {
    const hook = await startWebhook();
    await page.goto('/appointment-scheduling');
    await waitForHydration(page);
    await openWithLauncher(page);
    await send(page, 'first');
    await expect(log(page)).toContainText('You said: first');
    await page.reload();
    await waitForHydration(page);
    await openWithLauncher(page);
    await expect(log(page)).toContainText('You said: first'); // shown again from sessionStorage
    await send(page, 'second');
    await expect(log(page)).toContainText('You said: second');
    const [first, second] = hook.received.map((request) => request.body.sessionId);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
  });
});

test.describe("chat widget: n8n's Streaming response mode", () => {
  test('the reply grows in its bubble as it arrives, rendered as text with links', async ({
    page,
  }) => {
    const hook = await startWebhook();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const last = '.test/demo any day.';
    hook.answerWith({
      stream: [
        n8n.begin(),
        n8n.item('Book a '),
        n8n.item('call at https://cal.example-agency'),
        { until: () => released },
        n8n.item(last),
        n8n.end(),
      ],
    });
    await page.goto('/ai-chatbot');
    await waitForHydration(page);
    await openWithLauncher(page);
    await send(page, 'Can I book a call?');

    // The first pieces show while the stand-in still holds the last one back.
    const reply = log(page).locator('[data-chat-message="assistant"]').last();
    await expect(reply).toHaveText(/^Book a call at https:\/\/cal\.example-agency/);
    expect(
      hook.sent.some(
        ({ step }) => typeof step === 'object' && 'chunk' in step && step.chunk.content === last,
      ),
    ).toBe(false);
    await expect(reply).not.toContainText('any day');
    await expect(log(page)).toHaveAttribute('aria-busy', 'true'); // read out once, whole
    // The text replaces the typing dots.
    await expect(dialog(page).locator('[data-chat-typing]')).toHaveCount(0);
    await expect(dialog(page).getByRole('button', { name: 'Sending' })).toBeDisabled();

    release();
    await expect(reply).toHaveText(
      /^Book a call at https:\/\/cal\.example-agency\.test\/demo\s*\(opens in a new tab\) any day\.$/,
    );
    // One bubble, the link clickable across the pieces it arrived in, nothing rendered as HTML.
    // The welcome and this reply.
    await expect(log(page).locator('[data-chat-message="assistant"]')).toHaveCount(2);
    await expect(reply.getByRole('link')).toHaveAttribute(
      'href',
      'https://cal.example-agency.test/demo',
    );
    await expect(log(page)).toHaveAttribute('aria-busy', 'false');
    await expect(dialog(page).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  test('a reply that stops part-way keeps what arrived and offers a retry', async ({ page }) => {
    const hook = await startWebhook();
    let calls = 0;
    hook.answerWith(() =>
      ++calls === 1
        ? {
            stream: [
              n8n.begin(),
              n8n.item('Our plans start'),
              { wait: 100 },
              n8n.error('Tool call failed'),
            ],
          }
        : streamed(['Our plans ', 'start at $99.']),
    );
    await page.goto('/ai-chatbot');
    await waitForHydration(page);
    await openWithLauncher(page);
    await send(page, 'Pricing?');
    const alert = dialog(page).getByRole('alert');
    await expect(alert).toContainText(
      'The reply was cut off before it finished. Please try again.',
    );
    await expect(log(page).locator('[data-chat-message="assistant"]').last()).toHaveText(
      'Our plans start',
    );
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(log(page).locator('[data-chat-message="assistant"]').last()).toHaveText(
      'Our plans start at $99.',
    );
    await expect(alert).toHaveCount(0);
  });

  test.describe('a workflow that returns nothing', () => {
    test.beforeEach(
      ({ expectedConsoleErrors }) => void expectedConsoleErrors.push(/status of 502 .*api\/chat/),
    );

    test('gets its own message, not the generic one', async ({ page }) => {
      const hook = await startWebhook();
      hook.answerWith({ body: '' });
      await page.goto('/ai-chatbot');
      await waitForHydration(page);
      await openWithLauncher(page);
      await send(page, 'Hello?');
      await expect(dialog(page).getByRole('alert')).toContainText(
        'The assistant had no answer to that. Please try asking another way, or contact us directly.',
      );
    });
  });
});

test.describe('chat widget: keyboard, screen readers, small screens', () => {
  test('focus moves to the message box on open; Escape closes and returns focus to the control that opened it', async ({
    page,
  }) => {
    await page.goto('/appointment-scheduling');
    await waitForHydration(page);
    const getStarted = page.locator('main').getByRole('link', { name: 'Get Started' }).first();
    await getStarted.focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    await expect(messageBox(page)).toBeFocused();
    await expect(messageBox(page)).toHaveCSS('height', '60px');
    const title = await dialog(page).getAttribute('aria-labelledby');
    await expect(page.locator(`[id="${title}"]`)).toHaveText('Brightline AI Assistant');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(getStarted).toBeFocused();

    // The close button does the same, and the launcher reflects the state.
    const launcher = page.locator('[data-chat-launcher]');
    await expect(launcher).toHaveAccessibleName('Open chat');
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    await launcher.click();
    await expect(launcher).toHaveAccessibleName('Close chat');
    await expect(launcher).toHaveAttribute('aria-expanded', 'true');
    await expect(messageBox(page)).toBeFocused();
    await dialog(page).getByRole('button', { name: 'Close chat' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(launcher).toBeFocused();
  });

  test('usable at 320 px wide: full-width panel, message box and send button in view', async ({
    page,
  }) => {
    await startWebhook();
    await page.setViewportSize({ width: 320, height: 568 });
    await page.goto('/ai-chatbot');
    await waitForHydration(page);
    await openWithLauncher(page);
    // After its short entrance (a 1 rem slide, none with reduced motion) it fills the screen.
    await expect
      .poll(async () => dialog(page).boundingBox())
      .toEqual({ x: 0, y: 0, width: 320, height: 568 });
    await expect(messageBox(page)).toBeInViewport();
    await expect(dialog(page).getByRole('button', { name: 'Send' })).toBeInViewport();
    await send(
      page,
      'Small screen https://example.com/a-very-long-path/that-should-wrap/inside-the-bubble?with=query&and=more',
    );
    await expect(log(page)).toContainText('You said: Small screen');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
  });

  for (const [width, height, covers] of [
    [360, 740, true],
    [1280, 800, false],
  ] as const)
    test(`at ${width} px the panel is ${covers ? 'modal, Tab staying among its controls: it covers the page' : 'not modal, Tab leaving it: it sits beside the page'}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await page.goto('/ai-chatbot');
      await waitForHydration(page);
      await openWithLauncher(page);
      await expect(messageBox(page)).toBeFocused();
      if (covers) await expect(dialog(page)).toHaveAttribute('aria-modal', 'true');
      else await expect(dialog(page)).not.toHaveAttribute('aria-modal');
      const inside: boolean[] = [];
      for (const key of [...Array(6).fill('Tab'), ...Array(6).fill('Shift+Tab')]) {
        await page.keyboard.press(key);
        inside.push(
          await page.evaluate(() => !!document.activeElement?.closest('[data-chat-panel]')),
        );
      }
      expect(inside.every(Boolean), String(inside)).toBe(covers);
    });

  test('respects prefers-reduced-motion: no entrance slide, no bouncing dots', async ({ page }) => {
    const hook = await startWebhook();
    hook.answerWith(() => 'hang');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/ai-chatbot');
    await waitForHydration(page);
    await openWithLauncher(page);
    expect(
      await dialog(page).evaluate((element) => getComputedStyle(element).transitionProperty),
    ).toBe('none');
    await send(page, 'Still there?');
    const dots = dialog(page).locator('[data-chat-typing] [aria-hidden="true"]');
    await expect(dots).toHaveCount(3);
    for (const dot of await dots.all())
      expect(await dot.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
  });

  for (const route of ['/ai-chatbot', '/appointment-scheduling', '/contact-us']) {
    test(`${route}: axe finds nothing with the panel open and a conversation in it`, async ({
      page,
    }) => {
      await page.goto(route);
      await waitForHydration(page);
      await page.evaluate(() =>
        window.dispatchEvent(new Event('open-chat-widget', { cancelable: true })),
      );
      await expect(dialog(page)).toBeVisible();
      await send(page, 'Hello https://example.com');
      await expect(log(page)).toContainText(DEMO_GREETING);
      await expectNoAxeViolations(page);
    });
  }

  test('axe finds nothing at 320 px with the panel open', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await page.goto('/ai-chatbot');
    await waitForHydration(page);
    await openWithLauncher(page);
    await expectNoAxeViolations(page);
  });
});

test.describe('chat widget: no layout shift', () => {
  for (const route of ['/ai-chatbot', '/appointment-scheduling', '/contact-us']) {
    test(`${route}: loading, hydrating and drawing the launcher shift nothing (CLS 0)`, async ({
      page,
    }) => {
      await recordLayoutShifts(page);
      await page.goto(route, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      await page.waitForTimeout(300);
      await expectNoLayoutShift(page);
    });
  }
});

test.describe('/contact-us', () => {
  test('has no launcher of its own; the Live Chat item opens the chat', async ({ page }) => {
    await page.goto('/contact-us');
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: /chat/i })).toHaveCount(0);
    await page.getByRole('link', { name: /Live chat/ }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(messageBox(page)).toBeFocused();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.getByRole('button', { name: 'Open chat' })).toHaveCount(0);
  });

  test("the demo page's Live chat item opens the chat on the contact page, in one click", async ({
    page,
  }) => {
    await page.goto('/contact-demo');
    await waitForHydration(page);
    await page.getByRole('link', { name: /Live chat/ }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(messageBox(page)).toBeFocused();
    // The fragment that asked for it is gone, so a reload does not open it again.
    await expect(page).toHaveURL(/\/contact-us$/);
    await page.reload();
    await waitForHydration(page);
    await page.waitForTimeout(2_000); // past every attempt to open (500, 1,000, 1,500 ms)
    await expect(dialog(page)).toBeHidden();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the chat controls are links to /contact-us#chat and no launcher is drawn', async ({
    page,
  }) => {
    for (const [route, label] of [
      ['/ai-chatbot', 'See It in Action'],
      ['/appointment-scheduling', 'Get Started'],
    ] as const) {
      await page.goto(route);
      const links = page.locator('main').getByRole('link', { name: label, exact: true });
      await expect(links).toHaveCount(2);
      for (const href of await links.evaluateAll((all) =>
        all.map((link) => link.getAttribute('href')),
      ))
        expect(href).toBe('/contact-us#chat');
      await expect(page.getByRole('button', { name: 'Open chat' })).toHaveCount(0);
    }
  });

  test("the contact page's Live chat item leads to its message form, not to the page again", async ({
    page,
  }) => {
    await page.goto('/contact-us');
    await page.getByRole('link', { name: /Live chat/ }).click();
    await expect(page).toHaveURL(/\/contact-us#send-message$/);
    await expect(page.locator('#send-message')).toBeInViewport();
  });

  test('/contact-us#chat lands on the Live chat item, the way on to the message form', async ({
    page,
  }) => {
    // A phone's width, where the contact details sit below the form, out of the first screen.
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto('/contact-us#chat');
    const item = page.locator('#chat');
    await expect(item).toBeInViewport();
    await expect(item.getByRole('link', { name: /Live chat/ })).toHaveAttribute(
      'href',
      '/contact-us#send-message',
    );
  });
});
