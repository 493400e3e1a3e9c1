import { voiceDemo } from '@/content/voice-demo';
import { microphoneErrorMessage, startErrorMessage } from './voice-call-state';
import type { RetellCall, RetellCallOptions } from './retell-call';
import { fill } from '@/lib/fill';

/**
 * One voice demo call, from the click to the end, outside React:
 *
 * 1. the call client (the provider's SDK, with the media library) starts
 *    loading, in its own chunk, only now;
 * 2. meanwhile the microphone is requested with SPEC's capture settings, so a
 *    refusal is reported before any provider call is made, and the permission
 *    prompt follows the click;
 * 3. our server creates the web call (POST /api/voice/web-call) and hands back
 *    only an access token;
 * 4. the SDK joins the call's room with it.
 *
 * release() ends it in every phase and stops every microphone track it opened
 * (see retell-call.ts for the SDK's own tracks). Only one call runs at a time.
 */

export const WEB_CALL_ENDPOINT = '/api/voice/web-call';
/** SPEC section 9: the SDK's sample rate. */
export const SAMPLE_RATE = 24_000;
/** SPEC section 9: echo cancellation, noise suppression, auto gain, one channel (the SDK asks for the same). */
export const AUDIO_CONSTRAINTS: MediaTrackConstraints = {
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
  channelCount: 1,
  sampleRate: SAMPLE_RATE,
};

export type TokenResult = { ok: true; accessToken: string } | { ok: false; reason: string };

export type VoiceCallCallbacks = {
  onConnected(): void;
  onAgentTalking(talking: boolean): void;
  /** The call ended without the visitor ending it (the agent hung up, the room closed). */
  onEnded(): void;
  /** A message ready to show: SPEC section 8's wording. The call is already released. */
  onError(message: string): void;
};

export type VoiceCallDeps = {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  requestToken(pagePath: string, signal: AbortSignal): Promise<TokenResult>;
  loadCallClient(): Promise<{ startRetellCall(options: RetellCallOptions): RetellCall }>;
  pagePath(): string;
};

export type VoiceCall = { release(): void; setMuted(muted: boolean): void };

/** The request our own endpoint expects: the page path only, never anything personal. */
export function webCallRequestInit(pagePath: string, signal?: AbortSignal): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ page_path: pagePath }),
    credentials: 'same-origin',
    cache: 'no-store',
    signal,
  };
}

/** Our endpoint's answer as a token or, from its error code (docs/api.md), the reason to show. */
export async function readTokenResponse(response: Response): Promise<TokenResult> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON (a proxy's error page): fall back to the status below
  }
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (response.ok && typeof record.access_token === 'string' && record.access_token)
    return { ok: true, accessToken: record.access_token };
  const { messages } = voiceDemo;
  switch (record.error) {
    case 'not_configured':
      return { ok: false, reason: messages.notConfigured };
    case 'rate_limited':
      return { ok: false, reason: messages.rateLimited };
    case 'upstream':
      return {
        ok: false,
        reason:
          typeof record.providerStatus === 'number'
            ? fill(messages.httpError, { status: record.providerStatus })
            : messages.providerUnreachable,
      };
    default:
      return {
        ok: false,
        reason: response.ok
          ? messages.noToken
          : fill(messages.httpError, { status: response.status }),
      };
  }
}

const browserDeps: VoiceCallDeps = {
  getUserMedia: (constraints) => {
    if (!navigator.mediaDevices?.getUserMedia)
      return Promise.reject(new TypeError('getUserMedia is not available'));
    return navigator.mediaDevices.getUserMedia(constraints);
  },
  requestToken: async (pagePath, signal) => {
    let response: Response;
    try {
      response = await fetch(WEB_CALL_ENDPOINT, webCallRequestInit(pagePath, signal));
    } catch (error) {
      if (signal.aborted) throw error;
      return { ok: false, reason: voiceDemo.messages.networkError };
    }
    return readTokenResponse(response);
  },
  // The only import of the SDK: its chunk is fetched on the first click, never with the page.
  loadCallClient: () => import('./retell-call'),
  pagePath: () => window.location.pathname,
};

/** Whether this browser can make the call at all; if not, the control stays a link to a booked demo. */
export function canMakeVoiceCalls(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    typeof RTCPeerConnection === 'function'
  );
}

let activeCall: VoiceCall | null = null;

const stopStream = (stream: MediaStream | null) =>
  stream?.getTracks().forEach((track) => track.stop());

export function startVoiceCall(
  callbacks: VoiceCallCallbacks,
  deps: VoiceCallDeps = browserDeps,
): VoiceCall {
  const aborter = new AbortController();
  let released = false;
  let preflight: MediaStream | null = null;
  let call: RetellCall | null = null;
  let muted = false;

  const self: VoiceCall = {
    release() {
      if (released) return;
      released = true;
      if (activeCall === self) activeCall = null;
      aborter.abort();
      call?.stop();
      stopStream(preflight);
      preflight = null;
    },
    setMuted(next) {
      muted = next;
      preflight?.getAudioTracks().forEach((track) => (track.enabled = !next));
      call?.setMuted(next);
    },
  };

  const fail = (message: string) => {
    if (released) return;
    self.release();
    callbacks.onError(message);
  };

  if (activeCall) {
    // Never two calls (each button has its own dialog; this guards the page as a whole).
    released = true;
    queueMicrotask(() =>
      callbacks.onError(startErrorMessage('Another voice call is already in progress')),
    );
    return self;
  }
  activeCall = self;

  const client = deps.loadCallClient();
  client.catch(() => undefined); // reported below, once it is awaited

  void (async () => {
    let stream: MediaStream;
    try {
      stream = await deps.getUserMedia({ audio: AUDIO_CONSTRAINTS });
    } catch (error) {
      fail(microphoneErrorMessage(error));
      return;
    }
    if (released) {
      stopStream(stream); // granted after Cancel: give it straight back
      return;
    }
    preflight = stream;

    let token: TokenResult;
    try {
      token = await deps.requestToken(deps.pagePath(), aborter.signal);
    } catch (error) {
      fail(startErrorMessage(error instanceof Error ? error.message : null));
      return;
    }
    if (released) return;
    if (!token.ok) {
      fail(startErrorMessage(token.reason));
      return;
    }

    let sdk: Awaited<typeof client>;
    try {
      sdk = await client;
    } catch (error) {
      fail(startErrorMessage(error instanceof Error ? error.message : null));
      return;
    }
    if (released) return;
    call = sdk.startRetellCall({
      accessToken: token.accessToken,
      sampleRate: SAMPLE_RATE,
      muted,
      onStarted: () => !released && callbacks.onConnected(),
      // The SDK now holds its own microphone track: ours is no longer needed.
      onMicrophone: () => {
        stopStream(preflight);
        preflight = null;
      },
      onAgentTalking: (talking) => !released && callbacks.onAgentTalking(talking),
      onEnded: () => {
        if (released) return;
        self.release();
        callbacks.onEnded();
      },
      onError: fail,
    });
  })();

  return self;
}
