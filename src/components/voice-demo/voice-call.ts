import { voiceDemo } from '@/content/voice-demo';
import { microphoneErrorMessage, startErrorMessage } from './voice-call-state';
import type { RetellCall, RetellCallOptions } from './retell-call';
import { fill } from '@/lib/fill';

/**
 * One voice demo call outside React (docs/product.md section 9.2): the SDK's chunk starts loading
 * on the click while the microphone is asked for, so the prompt follows the click and a refusal is
 * reported before any call is created; then our server's token; then the SDK joins the room.
 * release() ends it in every phase and stops every microphone track it opened.
 */

export const WEB_CALL_ENDPOINT = '/api/voice/web-call';
/** The sample rate of docs/product.md section 9.2. */
export const SAMPLE_RATE = 24_000;
/** The capture settings of docs/product.md section 9.2 (the SDK asks for the same). */
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
  /** A message ready to show (docs/product.md section 9.3); the call is already released. */
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
    case 'over_budget':
      return { ok: false, reason: messages.overBudget };
    case 'upstream': {
      const status = record.providerStatus;
      // A 2xx from the provider is refused only for lacking the token.
      const reason =
        typeof status !== 'number'
          ? messages.providerUnreachable
          : status >= 200 && status < 300
            ? messages.noToken
            : fill(messages.httpError, { status });
      return { ok: false, reason };
    }
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

/** Whether this browser can make the call; if not, the control stays a link to book a demo. */
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
    queueMicrotask(() => callbacks.onError(startErrorMessage(voiceDemo.messages.alreadyInCall)));
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
      // The SDK holds its own microphone track from here, so ours is released.
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
