import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import {
  STAND_IN_ACCESS_TOKEN,
  startVoiceProvider,
  type VoiceProvider,
} from '../integration/support/voice-provider';
import {
  chromiumLaunchOptions,
  E2E_ENV,
  RETELL_AGENT_ID,
  RETELL_API_KEY,
  VOICE_PROVIDER_PORT,
} from './support/servers';
import {
  builtSite,
  expect,
  startupScriptUrls,
  test,
  waitForHydration,
  expectNoAxeViolations,
} from './support/fixtures';

/**
 * The voice demo in Chromium with a fake microphone and a stand-in for the provider on
 * VOICE_PROVIDER_PORT. Offline, the room connection cannot complete: a silent, open WebSocket keeps
 * a call "connecting". The connected phase is tests/unit/voice-retell-call.test.ts's.
 */

test.describe.configure({ mode: 'serial' });

test.use({
  // A fake microphone, granted without a prompt.
  launchOptions: chromiumLaunchOptions([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
  ]),
});

const LABEL = 'Try the Live Voice Demo';
/** Strings that exist only in the SDK and its media library. */
const SDK_MARKERS = [/livekit/i, /Error starting call/];
const ENDPOINT = '/api/voice/web-call';

// The console noise a test provokes on purpose.
const SDK_CONNECT_NOISE = [
  /console: Error starting call/, // the SDK logs its own aborted or failed room connect
  /ERR_BLOCKED_BY_CLIENT.*livekit\.cloud/, // the media library's region lookup, blocked offline
];
const BAD_GATEWAY = /status of 502.*\/api\/voice\/web-call/;

type Recorder = { tracks: MediaStreamTrack[]; constraints: MediaStreamConstraints[] };

/** Records every microphone track the page obtains, however it asks (our code or the SDK's). */
async function recordMicrophone(page: Page) {
  await page.addInitScript(() => {
    const recorder: Recorder = { tracks: [], constraints: [] };
    (window as unknown as { __mic: Recorder }).__mic = recorder;
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      recorder.constraints.push(constraints ?? {});
      const stream = await original(constraints);
      recorder.tracks.push(...stream.getTracks());
      return stream;
    };
  });
}

const micTracks = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __mic: Recorder }).__mic.tracks.map((track) => ({
      kind: track.kind,
      readyState: track.readyState,
    })),
  );

const micConstraints = (page: Page) =>
  page.evaluate(() => (window as unknown as { __mic: Recorder }).__mic.constraints);

/** Holds the SDK's signalling WebSocket open and silent: the room stays "connecting". */
async function holdRoomConnecting(page: Page) {
  const sockets: string[] = [];
  await page.routeWebSocket(/livekit\.cloud/, (ws) => {
    sockets.push(ws.url());
  });
  return sockets;
}

/**
 * Holds back every script requested from here on (the SDK's chunk among them), so the call stays
 * "connecting" as long as a test needs, with no media-library timer running.
 */
async function holdLazyChunks(page: Page) {
  const clientFiles = new Set(builtSite().assets.map((asset) => asset.url));
  const isClientScript = (url: URL) =>
    clientFiles.has(url.pathname) && url.pathname.endsWith('.js');
  await page.route(isClientScript, () => undefined);
  return () => page.unroute(isClientScript);
}

/** Every JavaScript response the page receives, with its body. */
function collectScripts(page: Page) {
  const scripts: Array<{ url: string; body: Promise<string> }> = [];
  page.on('response', (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.url().endsWith('.js') || type.includes('javascript'))
      scripts.push({ url: response.url(), body: response.text().catch(() => '') });
  });
  return scripts;
}

async function sdkScripts(scripts: ReturnType<typeof collectScripts>) {
  const bodies = await Promise.all(
    scripts.map(async (script) => ({ url: script.url, body: await script.body })),
  );
  return bodies
    .filter(({ body }) => SDK_MARKERS.some((marker) => marker.test(body)))
    .map(({ url }) => url);
}

async function openCall(page: Page, where: string, nth = 0) {
  await page.goto(where);
  await waitForHydration(page);
  const button = page.locator('main').getByRole('button', { name: LABEL }).nth(nth);
  await button.click();
  return button;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: /Live voice demo/ });

/** The scripts a page runs at start-up (nomodule polyfill included), as served. */
async function firstLoadScripts(request: APIRequestContext, route: string) {
  const sources = startupScriptUrls(route, { noModule: true });
  expect(sources.length, `${route} loads scripts`).toBeGreaterThan(3);
  return Promise.all(
    sources.map(async (src) => ({ src, body: await (await request.get(src)).text() })),
  );
}

test.describe('voice demo with the provider stand-in', () => {
  let provider: VoiceProvider;

  test.beforeAll(async () => {
    provider = await startVoiceProvider(VOICE_PROVIDER_PORT);
  });
  test.afterAll(async () => {
    await provider?.stop();
  });
  test.beforeEach(() => provider.reset());

  test.describe('connecting, then Cancel', () => {
    test.beforeEach(
      ({ expectedConsoleErrors }) => void expectedConsoleErrors.push(...SDK_CONNECT_NOISE),
    );

    test('loads no voice code before the click; the click loads the SDK, asks the server for a token and shows "Connecting to Aria..."', async ({
      page,
    }) => {
      await recordMicrophone(page);
      const sockets = await holdRoomConnecting(page);
      const scripts = collectScripts(page);
      const tokenResponse = page.waitForResponse((response) => response.url().endsWith(ENDPOINT));

      await page.goto('/services-overview');
      await waitForHydration(page);
      const buttons = page.locator('main').getByRole('button', { name: LABEL });
      await expect(buttons).toHaveCount(2);
      await page.waitForLoadState('networkidle');
      expect(await sdkScripts(scripts), 'SDK code before the click').toEqual([]);
      const beforeClick = scripts.length;

      await buttons.first().click();
      await expect(dialog(page)).toBeVisible();
      await expect(dialog(page).getByRole('status')).toHaveText('Connecting to Aria...');
      await expect(dialog(page).getByRole('button', { name: 'Cancel' })).toBeFocused();

      // The browser gets the token, and nothing else, from our own endpoint.
      const response = await tokenResponse;
      expect(response.status()).toBe(200);
      const body = await response.text();
      expect(JSON.parse(body)).toEqual({ access_token: STAND_IN_ACCESS_TOKEN });
      expect(body).not.toContain(RETELL_API_KEY);
      expect(response.request().postDataJSON()).toEqual({ page_path: '/services-overview' });

      // ...which our server got from the provider with the key, for the configured agent.
      expect(provider.requests).toHaveLength(1);
      expect(provider.requests[0]!.headers.authorization).toBe(`Bearer ${RETELL_API_KEY}`);
      expect(provider.requests[0]!.body).toEqual({
        agent_id: RETELL_AGENT_ID,
        metadata: { source: 'website_voice_demo', page_path: '/services-overview' },
        retell_llm_dynamic_variables: {},
      });

      // The SDK arrives only at this point, in its own chunk, and joins the room with the token.
      await expect.poll(async () => (await sdkScripts(scripts)).length).toBeGreaterThan(0);
      const lazy = await sdkScripts(scripts);
      expect(scripts.slice(0, beforeClick).map((script) => script.url)).not.toEqual(
        expect.arrayContaining(lazy),
      );
      await expect.poll(() => sockets.length).toBe(1);
      expect(sockets[0]).toMatch(/^wss:\/\/[a-z0-9-]+\.livekit\.cloud\/rtc/);
      expect(sockets[0]).toContain(`access_token=${encodeURIComponent(STAND_IN_ACCESS_TOKEN)}`);

      // The microphone was asked for with the capture settings of docs/product.md section 9.2.
      const [constraints] = await micConstraints(page);
      expect(constraints).toEqual({
        audio: {
          echoCancellation: true,
          noiseSuppression: true,
          autoGainControl: true,
          channelCount: 1,
          sampleRate: 24_000,
        },
      });

      // No JavaScript served to this page holds the key, the agent id or the provider's address.
      const bodies = await Promise.all(scripts.map((script) => script.body));
      for (const secret of [RETELL_API_KEY, RETELL_AGENT_ID, `127.0.0.1:${VOICE_PROVIDER_PORT}`]) {
        expect(
          bodies.filter((text) => text.includes(secret)),
          secret,
        ).toEqual([]);
      }

      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog(page)).toBeHidden();
    });

    test('Cancel while connecting: back to idle, focus on the button, every microphone track ended', async ({
      page,
    }) => {
      await recordMicrophone(page);
      const sockets = await holdRoomConnecting(page);
      const button = await openCall(page, '/services-overview');
      await expect(dialog(page).getByRole('status')).toHaveText('Connecting to Aria...');
      // Token fetched, SDK loaded, room connecting; the microphone is open.
      await expect.poll(() => sockets.length).toBe(1);
      expect((await micTracks(page)).some((track) => track.readyState === 'live')).toBe(true);

      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog(page)).toBeHidden();
      await expect(button).toBeFocused();
      await expect
        .poll(async () => (await micTracks(page)).map((track) => track.readyState))
        .toEqual((await micTracks(page)).map(() => 'ended'));
      // Idle again: a new call can start.
      await button.click();
      await expect(dialog(page).getByRole('status')).toHaveText('Connecting to Aria...');
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toBeHidden();
      await expect
        .poll(async () => (await micTracks(page)).every((track) => track.readyState === 'ended'))
        .toBe(true);
    });

    test('Escape cancels too, even before the token has arrived', async ({ page }) => {
      await recordMicrophone(page);
      await holdRoomConnecting(page);
      provider.answer('hang');
      await openCall(page, '/how-it-works');
      await expect(dialog(page).getByRole('status')).toHaveText('Connecting to Aria...');
      await expect.poll(async () => (await micTracks(page)).length).toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toBeHidden();
      await expect
        .poll(async () => (await micTracks(page)).every((track) => track.readyState === 'ended'))
        .toBe(true);
    });

    test('navigating away mid-call unmounts the button and releases the microphone and the room', async ({
      page,
    }) => {
      await recordMicrophone(page);
      const sockets = await holdRoomConnecting(page);
      await page.goto('/services-overview');
      await waitForHydration(page);
      // A client-side navigation, so the document and its track recorder survive the change.
      await page.locator('main').getByRole('link', { name: 'Learn How It Works' }).first().click();
      await expect(page).toHaveURL(/\/how-it-works$/);
      await page.locator('#demo').getByRole('button', { name: LABEL }).click();
      await expect(dialog(page).getByRole('status')).toHaveText('Connecting to Aria...');
      await expect.poll(() => sockets.length).toBe(1);
      expect((await micTracks(page)).some((track) => track.readyState === 'live')).toBe(true);

      await page.goBack();
      await expect(page).toHaveURL(/\/services-overview$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect
        .poll(async () => (await micTracks(page)).every((track) => track.readyState === 'ended'))
        .toBe(true);
    });

    test('the open call dialog has no axe violations (375 px and 1280 px), with screenshots', async ({
      page,
    }, testInfo) => {
      test.setTimeout(60_000);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
        await page.goto('/services-overview');
        await waitForHydration(page);
        const release = await holdLazyChunks(page);
        await page.locator('main').getByRole('button', { name: LABEL }).first().click();
        await expect(dialog(page).getByRole('status')).toHaveText('Connecting to Aria...');
        await expectNoAxeViolations(page);
        const box = await dialog(page).boundingBox();
        expect(box!.width).toBeLessThanOrEqual(width);
        await page.screenshot({
          path: testInfo.outputPath(`voice-dialog-connecting-${width}.png`),
        });
        await dialog(page).getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog(page)).toBeHidden();
        await release();
      }
    });
  });

  test.describe('errors', () => {
    test.beforeEach(
      ({ expectedConsoleErrors }) =>
        void expectedConsoleErrors.push(BAD_GATEWAY, ...SDK_CONNECT_NOISE),
    );

    test("a 401 from the provider: 'Unable to start voice call: HTTP error! status: 401' (never the provider's body), microphone released", async ({
      page,
    }, testInfo) => {
      await recordMicrophone(page);
      provider.answer({ status: 401, body: '{"error_message":"Invalid API Key"}' });
      const button = await openCall(page, '/services-overview', 1);
      const alert = dialog(page).getByRole('alert');
      await expect(alert).toHaveText('Unable to start voice call: HTTP error! status: 401');
      await expect
        .poll(async () => (await micTracks(page)).every((track) => track.readyState === 'ended'))
        .toBe(true);
      expect((await micTracks(page)).length).toBeGreaterThan(0);
      await expect(
        dialog(page).getByRole('link', { name: 'Book a live demo instead' }),
      ).toHaveAttribute('href', '/contact-demo');
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 375, height: 740 });
      await page.screenshot({ path: testInfo.outputPath('voice-dialog-error-375.png') });
      // Close returns to idle and to the button.
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      await expect(dialog(page)).toBeHidden();
      await expect(button).toBeFocused();
    });

    test('Try again after an error starts a new call', async ({ page }) => {
      provider.answer({ status: 401, body: 'nope' });
      await openCall(page, '/services-overview');
      await expect(dialog(page).getByRole('alert')).toHaveText(
        'Unable to start voice call: HTTP error! status: 401',
      );
      await page.routeWebSocket(/livekit\.cloud/, () => undefined);
      await dialog(page).getByRole('button', { name: 'Try again' }).click();
      await expect(dialog(page).getByRole('status')).toHaveText('Connecting to Aria...');
      await expect.poll(() => provider.requests.length).toBe(2);
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    });
  });

  test.describe('a refused microphone', () => {
    test('says how to allow the microphone, and asks the provider for nothing', async ({
      page,
    }) => {
      await page.addInitScript(() => {
        navigator.mediaDevices.getUserMedia = () =>
          Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      });
      const posts: string[] = [];
      page.on(
        'request',
        (request) => request.url().endsWith(ENDPOINT) && posts.push(request.url()),
      );
      await openCall(page, '/how-it-works');
      const alert = dialog(page).getByRole('alert');
      await expect(alert).toContainText('Microphone access is blocked, so Aria cannot hear you.');
      await expect(alert).toContainText('set Microphone to Allow for this site, then try again');
      expect(posts).toEqual([]);
      expect(provider.requests).toHaveLength(0);
    });
  });
});

test.describe('voice demo with the provider unreachable', () => {
  test.beforeEach(({ expectedConsoleErrors }) => void expectedConsoleErrors.push(BAD_GATEWAY));

  test('the message says the voice service could not be reached', async ({ page }) => {
    await recordMicrophone(page);
    await openCall(page, '/how-it-works');
    await expect(dialog(page).getByRole('alert')).toHaveText(
      'Unable to start voice call: The voice service could not be reached. Please try again shortly.',
    );
    await expect
      .poll(async () => (await micTracks(page)).every((track) => track.readyState === 'ended'))
      .toBe(true);
  });
});

test.describe('voice demo in the build', () => {
  for (const route of [
    '/services-overview',
    '/how-it-works',
    '/revenue-calculator',
    '/ai-chatbot',
  ]) {
    test(`${route}: no voice SDK in the first-load JavaScript`, async ({ request }) => {
      const scripts = await firstLoadScripts(request, route);
      const withSdk = scripts
        .filter(({ body }) => SDK_MARKERS.some((marker) => marker.test(body)))
        .map(({ src }) => src);
      expect(withSdk).toEqual([]);
    });
  }

  test('the SDK chunk exists in the build (the marker is real), and no client file holds the key or the agent id', () => {
    const files = builtSite()
      .assets.map((asset) => path.join(E2E_ENV.NEXT_DIST_DIR, asset.file))
      .filter((file) => /\.(js|css|json|txt|html)$/.test(file));
    const texts = files.map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    expect(texts.filter(({ text }) => /livekit\.cloud/.test(text)).length).toBeGreaterThan(0);
    for (const secret of [RETELL_API_KEY, RETELL_AGENT_ID]) {
      expect(
        texts.filter(({ text }) => text.includes(secret)).map(({ file }) => file),
        secret,
      ).toEqual([]);
    }
  });
});

test.describe('voice demo without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every voice demo control is a real link to /contact-demo', async ({ page }) => {
    for (const [route, count] of [
      ['/services-overview', 2],
      ['/how-it-works', 1],
    ] as const) {
      await page.goto(route);
      const links = page.locator('main').getByRole('link', { name: LABEL });
      await expect(links).toHaveCount(count);
      for (const link of await links.all())
        await expect(link).toHaveAttribute('href', '/contact-demo');
      await expect(page.locator('main').getByRole('button', { name: LABEL })).toHaveCount(0);
    }
    await page.locator('main').getByRole('link', { name: LABEL }).click();
    await expect(page).toHaveURL(/\/contact-demo$/);
  });
});
