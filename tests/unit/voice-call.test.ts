import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RetellCall, RetellCallOptions } from '@/components/voice-demo/retell-call';
import {
  AUDIO_CONSTRAINTS,
  SAMPLE_RATE,
  startVoiceCall,
  type TokenResult,
  type VoiceCall,
  type VoiceCallDeps,
} from '@/components/voice-demo/voice-call';

/**
 * The call's lifecycle (voice-call.ts) with scripted stand-ins for the microphone, our endpoint and
 * the call client: what is asked for in which order, each failure's message, and every microphone
 * track stopped however the call ends.
 */

class FakeTrack {
  readyState: 'live' | 'ended' = 'live';
  enabled = true;
  stop() {
    this.readyState = 'ended';
  }
}

function fakeStream() {
  const tracks = [new FakeTrack()];
  return {
    getTracks: () => tracks,
    getAudioTracks: () => tracks,
    tracks,
  } as unknown as MediaStream & { tracks: FakeTrack[] };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function harness(overrides: Partial<VoiceCallDeps> = {}) {
  const streams: Array<ReturnType<typeof fakeStream>> = [];
  const retellCalls: Array<{
    options: RetellCallOptions;
    call: RetellCall & { stop: ReturnType<typeof vi.fn>; setMuted: ReturnType<typeof vi.fn> };
  }> = [];
  const deps: VoiceCallDeps = {
    getUserMedia: vi.fn(async () => {
      const stream = fakeStream();
      streams.push(stream);
      return stream;
    }),
    requestToken: vi.fn(async (): Promise<TokenResult> => ({ ok: true, accessToken: 'token-1' })),
    loadCallClient: vi.fn(async () => ({
      startRetellCall: (options: RetellCallOptions) => {
        const call = { stop: vi.fn(), setMuted: vi.fn() };
        retellCalls.push({ options, call });
        return call;
      },
    })),
    pagePath: () => '/how-it-works',
    ...overrides,
  };
  const callbacks = {
    onConnected: vi.fn(),
    onAgentTalking: vi.fn(),
    onEnded: vi.fn(),
    onError: vi.fn(),
  };
  return { deps, callbacks, streams, retellCalls };
}

const started: VoiceCall[] = [];
function start(h: ReturnType<typeof harness>) {
  const call = startVoiceCall(h.callbacks, h.deps);
  started.push(call);
  return call;
}

afterEach(() => {
  started.splice(0).forEach((call) => call.release());
});

describe('startVoiceCall', () => {
  it('asks for the microphone with the capture settings of docs/product.md section 9.2, then a token for this page, then starts the SDK at 24 kHz', async () => {
    const h = harness();
    start(h);
    await flush();
    expect(h.deps.getUserMedia).toHaveBeenCalledWith({ audio: AUDIO_CONSTRAINTS });
    expect(AUDIO_CONSTRAINTS).toEqual({
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: true,
      channelCount: 1,
      sampleRate: 24_000,
    });
    expect(h.deps.requestToken).toHaveBeenCalledWith('/how-it-works', expect.any(AbortSignal));
    expect(h.retellCalls).toHaveLength(1);
    expect(h.retellCalls[0]!.options).toMatchObject({
      accessToken: 'token-1',
      sampleRate: SAMPLE_RATE,
    });
    expect(SAMPLE_RATE).toBe(24_000);
    expect(h.callbacks.onError).not.toHaveBeenCalled();
  });

  it('reports connected, agent talking and a remote end through the callbacks', async () => {
    const h = harness();
    start(h);
    await flush();
    const { options, call } = h.retellCalls[0]!;
    options.onStarted();
    options.onAgentTalking(true);
    expect(h.callbacks.onConnected).toHaveBeenCalledTimes(1);
    expect(h.callbacks.onAgentTalking).toHaveBeenCalledWith(true);
    options.onEnded();
    expect(h.callbacks.onEnded).toHaveBeenCalledTimes(1);
    expect(call.stop).toHaveBeenCalled();
    expect(h.streams[0]!.tracks.every((track) => track.readyState === 'ended')).toBe(true);
  });

  it('gives its own microphone track back once the SDK holds one, and on release stops the SDK call', async () => {
    const h = harness();
    const call = start(h);
    await flush();
    expect(h.streams[0]!.tracks[0]!.readyState).toBe('live');
    h.retellCalls[0]!.options.onMicrophone();
    expect(h.streams[0]!.tracks[0]!.readyState).toBe('ended');
    call.release();
    expect(h.retellCalls[0]!.call.stop).toHaveBeenCalledTimes(1);
  });

  it('mutes through the SDK call', async () => {
    const h = harness();
    const call = start(h);
    await flush();
    call.setMuted(true);
    expect(h.retellCalls[0]!.call.setMuted).toHaveBeenCalledWith(true);
  });

  it('a refused microphone: the how-to-allow message, and no token is requested', async () => {
    const h = harness({
      getUserMedia: vi.fn(async () =>
        Promise.reject(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' })),
      ),
    });
    start(h);
    await flush();
    expect(h.callbacks.onError).toHaveBeenCalledTimes(1);
    expect(h.callbacks.onError.mock.calls[0]![0]).toMatch(/^Microphone access is blocked/);
    expect(h.deps.requestToken).not.toHaveBeenCalled();
    expect(h.retellCalls).toHaveLength(0);
  });

  it("a failed token request: 'Unable to start voice call: {reason}' and the microphone released", async () => {
    const h = harness({
      requestToken: vi.fn(async (): Promise<TokenResult> => ({
        ok: false,
        reason: 'HTTP error! status: 401, message: {"error_message":"Invalid API Key"}',
      })),
    });
    start(h);
    await flush();
    expect(h.callbacks.onError).toHaveBeenCalledWith(
      'Unable to start voice call: HTTP error! status: 401, message: {"error_message":"Invalid API Key"}',
    );
    expect(h.streams[0]!.tracks[0]!.readyState).toBe('ended');
    expect(h.retellCalls).toHaveLength(0);
  });

  it("no reason at all gives 'Unknown error'", async () => {
    const h = harness({
      requestToken: vi.fn(async (): Promise<TokenResult> => ({ ok: false, reason: '' })),
    });
    start(h);
    await flush();
    expect(h.callbacks.onError).toHaveBeenCalledWith('Unable to start voice call: Unknown error');
  });

  it('the call client failing to load is a start error', async () => {
    const h = harness({
      loadCallClient: vi.fn(async () => Promise.reject(new Error('Loading chunk 7 failed'))),
    });
    start(h);
    await flush();
    expect(h.callbacks.onError).toHaveBeenCalledWith(
      'Unable to start voice call: Loading chunk 7 failed',
    );
    expect(h.streams[0]!.tracks[0]!.readyState).toBe('ended');
  });

  it('Cancel while the permission prompt is open: a microphone granted afterwards is stopped at once, nothing else happens', async () => {
    const mic = deferred<MediaStream>();
    const h = harness({ getUserMedia: vi.fn(() => mic.promise) });
    const call = start(h);
    call.release();
    const late = fakeStream();
    mic.resolve(late);
    await flush();
    expect(late.tracks[0]!.readyState).toBe('ended');
    expect(h.deps.requestToken).not.toHaveBeenCalled();
    expect(h.callbacks.onError).not.toHaveBeenCalled();
  });

  it('Cancel while the token is on its way: the request is aborted, the microphone stopped, the SDK never started', async () => {
    const token = deferred<TokenResult>();
    let signal: AbortSignal | undefined;
    const h = harness({
      requestToken: vi.fn((_path: string, s: AbortSignal) => {
        signal = s;
        return token.promise;
      }),
    });
    const call = start(h);
    await flush();
    expect(h.streams[0]!.tracks[0]!.readyState).toBe('live');
    call.release();
    expect(signal?.aborted).toBe(true);
    expect(h.streams[0]!.tracks[0]!.readyState).toBe('ended');
    token.resolve({ ok: true, accessToken: 'late' });
    await flush();
    expect(h.retellCalls).toHaveLength(0);
    expect(h.callbacks.onError).not.toHaveBeenCalled();
  });

  it('never two calls at once; a new one can start after release', async () => {
    const first = harness();
    const call = start(first);
    const second = harness();
    start(second);
    await flush();
    expect(second.callbacks.onError).toHaveBeenCalledWith(
      'Unable to start voice call: Another voice call is already in progress',
    );
    expect(second.deps.getUserMedia).not.toHaveBeenCalled();
    call.release();
    const third = harness();
    start(third);
    await flush();
    expect(third.retellCalls).toHaveLength(1);
  });

  it('events after release are dropped', async () => {
    const h = harness();
    const call = start(h);
    await flush();
    call.release();
    const { options } = h.retellCalls[0]!;
    options.onStarted();
    options.onError('Call error: late');
    options.onEnded();
    expect(h.callbacks.onConnected).not.toHaveBeenCalled();
    expect(h.callbacks.onError).not.toHaveBeenCalled();
    expect(h.callbacks.onEnded).not.toHaveBeenCalled();
  });
});
