import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRetellCall } from '@/components/voice-demo/retell-call';

// retell-call.ts imports the SDK for the browser build; here the real SDK is loaded by hand, below.
vi.mock('retell-client-js-sdk', () => ({ RetellWebClient: class {} }));

type RetellClientLike = Parameters<typeof createRetellCall>[0];

/**
 * The real retell-client-js-sdk (its CommonJS build, the source the site bundles) against a
 * scripted livekit-client whose connects finish when the test says. It pins the SDK bug
 * retell-call.ts works around, shows stop() releases the microphone in every phase, and covers the
 * connected phase, which end-to-end tests cannot reach without the provider's media servers.
 */

const require = createRequire(import.meta.url);
const sdkEntry = require.resolve('retell-client-js-sdk');
const sdkVersion = (
  JSON.parse(readFileSync(require.resolve('retell-client-js-sdk/package.json'), 'utf8')) as {
    version: string;
  }
).version;

class FakeMediaStreamTrack {
  readonly kind = 'audio';
  readyState: 'live' | 'ended' = 'live';
  enabled = true;
  stop() {
    this.readyState = 'ended';
  }
}

class FakeLocalTrack {
  mediaStreamTrack = new FakeMediaStreamTrack();
  stop() {
    this.mediaStreamTrack.stop();
  }
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** What the scripted media library saw and did, for the assertions. */
const lk = {
  rooms: [] as FakeRoom[],
  tracks: [] as FakeLocalTrack[],
  /** When set, microphone capture waits for it (a permission prompt, a slow device). */
  micGate: null as Promise<void> | null,
  micError: null as Error | null,
};

class FakeLocalParticipant {
  trackPublications = new Map<string, { track: FakeLocalTrack }>();
  constructor(private readonly room: FakeRoom) {}

  async createTracks(_options: unknown): Promise<FakeLocalTrack[]> {
    if (lk.micGate) await lk.micGate;
    if (lk.micError) throw lk.micError;
    const track = new FakeLocalTrack();
    lk.tracks.push(track);
    return [track];
  }

  /** As livekit-client's setTrackEnabled(Microphone): create and publish, or unmute/mute one. */
  async setMicrophoneEnabled(enabled: boolean) {
    const existing = this.trackPublications.get('microphone');
    if (!enabled) {
      if (existing) existing.track.mediaStreamTrack.enabled = false;
      return existing;
    }
    if (existing) {
      existing.track.mediaStreamTrack.enabled = true;
      return existing;
    }
    const created = await this.createTracks({ audio: this.room.options.audioCaptureDefaults });
    for (const track of created) this.trackPublications.set('microphone', { track });
    return this.trackPublications.get('microphone');
  }
}

class FakeRoom {
  state: 'disconnected' | 'connecting' | 'connected' = 'disconnected';
  name = 'stand-in-room';
  connectCalls: Array<{ url: string; token: string }> = [];
  localParticipant: FakeLocalParticipant;
  /** Models a connect attempt that a disconnect fails to abort. */
  ignoresAbort = false;
  private handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  private pending: {
    promise: Promise<void>;
    resolve: () => void;
    reject: (error: unknown) => void;
  } | null = null;

  constructor(readonly options: { audioCaptureDefaults: Record<string, unknown> }) {
    this.localParticipant = new FakeLocalParticipant(this);
    lk.rooms.push(this);
  }

  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }

  connect(url: string, token: string) {
    this.connectCalls.push({ url, token });
    this.state = 'connecting';
    this.pending = deferred<void>();
    return this.pending.promise;
  }

  /** Test control: the media server accepted the join. */
  finishConnecting() {
    this.state = 'connected';
    this.pending?.resolve();
    this.pending = null;
  }

  failConnecting(error: Error) {
    this.state = 'disconnected';
    this.pending?.reject(error);
    this.pending = null;
  }

  /** As livekit-client: aborts a pending connect; once connected, unpublishes and stops tracks. */
  async disconnect(stopTracks = true) {
    if (this.state === 'connecting') {
      if (this.ignoresAbort) return;
      this.failConnecting(new Error('Client initiated disconnect'));
      return;
    }
    if (this.state !== 'connected') return;
    this.state = 'disconnected';
    if (stopTracks)
      for (const { track } of this.localParticipant.trackPublications.values()) track.stop();
    this.localParticipant.trackPublications.clear();
    this.emit('disconnected');
  }

  async startAudio() {}
}

const fakeLivekit = {
  Room: FakeRoom,
  RoomEvent: {
    Disconnected: 'disconnected',
    TrackSubscribed: 'trackSubscribed',
    DataReceived: 'dataReceived',
  },
  Track: { Kind: { Audio: 'audio' } },
  RemoteAudioTrack: class {},
  createAudioAnalyser: () => ({ calculateVolume: () => 0, analyser: {}, cleanup: async () => {} }),
};

/** The SDK's own code with livekit-client swapped for the stand-in. */
function loadRealSdk(): new () => RetellClientLike & { stopCall(): void } {
  const sdkRequire = createRequire(sdkEntry);
  const commonJsModule = { exports: {} as Record<string, unknown> };
  const source = readFileSync(sdkEntry, 'utf8');
  const load = new Function('require', 'module', 'exports', source) as (
    r: (id: string) => unknown,
    m: typeof commonJsModule,
    e: typeof commonJsModule.exports,
  ) => void;
  load(
    (id) => (id === 'livekit-client' ? fakeLivekit : sdkRequire(id)),
    commonJsModule,
    commonJsModule.exports,
  );
  return commonJsModule.exports.RetellWebClient as new () => RetellClientLike & {
    stopCall(): void;
  };
}

const RetellWebClient = loadRealSdk();
const flush = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};
const room = () => lk.rooms.at(-1)!;
const allEnded = () => lk.tracks.every((track) => track.mediaStreamTrack.readyState === 'ended');

function options() {
  return {
    accessToken: 'token-1',
    sampleRate: 24_000,
    onStarted: vi.fn(),
    onMicrophone: vi.fn(),
    onAgentTalking: vi.fn(),
    onEnded: vi.fn(),
    onError: vi.fn(),
  };
}

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  lk.rooms.length = 0;
  lk.tracks.length = 0;
  lk.micGate = null;
  lk.micError = null;
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('retell-client-js-sdk as pinned', () => {
  it('is 2.0.8, the version this wrapper was written against', () => {
    expect(sdkVersion).toBe('2.0.8');
  });

  it('has the bug: stopCall() while connecting does nothing, and the microphone opens once the room connects', async () => {
    const client = new RetellWebClient();
    void client.startCall({ accessToken: 'token-1', sampleRate: 24_000 });
    expect(room().state).toBe('connecting');
    client.stopCall();
    expect(room().state).toBe('connecting'); // not aborted
    room().finishConnecting();
    await flush();
    expect(lk.tracks).toHaveLength(1);
    // Published, and nobody left to stop it.
    expect(lk.tracks[0]!.mediaStreamTrack.readyState).toBe('live');
    client.stopCall(); // clean up the leak for the next test
  });

  it('joins the provider-hosted room with the token and the capture settings of docs/product.md section 9.2', () => {
    const call = createRetellCall(new RetellWebClient(), options());
    expect(room().connectCalls).toEqual([
      { url: expect.stringMatching(/^wss:\/\/[a-z0-9-]+\.livekit\.cloud$/), token: 'token-1' },
    ]);
    expect(room().options.audioCaptureDefaults).toMatchObject({
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: true,
      channelCount: 1,
      sampleRate: 24_000,
    });
    call.stop();
  });
});

describe('createRetellCall: the microphone is released in every phase', () => {
  it('Cancel while connecting aborts the connect: the microphone is never opened, no error is reported', async () => {
    const opts = options();
    const call = createRetellCall(new RetellWebClient(), opts);
    call.stop();
    await flush();
    expect(room().state).toBe('disconnected');
    // A late answer from the server changes nothing: the connect was rejected.
    room().finishConnecting();
    await flush();
    expect(lk.tracks).toHaveLength(0);
    expect(opts.onError).not.toHaveBeenCalled();
    expect(opts.onStarted).not.toHaveBeenCalled();
    // The SDK logs its own rejected connect; that is the only trace.
    expect(consoleError).toHaveBeenCalledWith('Error starting call', expect.any(Error));
  });

  it('even if the connect is not aborted, a microphone opened after Cancel is stopped at once and the room left', async () => {
    const call = createRetellCall(new RetellWebClient(), options());
    room().ignoresAbort = true;
    call.stop();
    room().finishConnecting();
    await flush();
    expect(lk.tracks).toHaveLength(1);
    expect(allEnded()).toBe(true);
    expect(room().state).toBe('disconnected');
  });

  it('End while the microphone is still being opened: the track is stopped when it arrives', async () => {
    const gate = deferred();
    lk.micGate = gate.promise;
    const opts = options();
    const call = createRetellCall(new RetellWebClient(), opts);
    room().finishConnecting();
    await flush();
    expect(opts.onStarted).toHaveBeenCalledTimes(1);
    call.stop();
    gate.resolve();
    await flush();
    expect(lk.tracks).toHaveLength(1);
    expect(allEnded()).toBe(true);
  });

  it('connected: the microphone opens, Mute really silences it, End stops it and leaves the room', async () => {
    const opts = options();
    const call = createRetellCall(new RetellWebClient(), opts);
    room().finishConnecting();
    await flush();
    expect(opts.onStarted).toHaveBeenCalledTimes(1);
    expect(opts.onMicrophone).toHaveBeenCalledTimes(1);
    const [track] = lk.tracks;
    expect(track!.mediaStreamTrack.readyState).toBe('live');
    expect(track!.mediaStreamTrack.enabled).toBe(true);

    call.setMuted(true);
    await flush();
    expect(track!.mediaStreamTrack.enabled).toBe(false);
    call.setMuted(false);
    await flush();
    expect(track!.mediaStreamTrack.enabled).toBe(true);

    call.stop();
    await flush();
    expect(allEnded()).toBe(true);
    expect(room().state).toBe('disconnected');
    expect(opts.onEnded).not.toHaveBeenCalled(); // the visitor ended it: no "ended" callback
    expect(opts.onError).not.toHaveBeenCalled();
  });

  it('the agent talking is passed on', async () => {
    const opts = options();
    const call = createRetellCall(new RetellWebClient(), opts);
    room().finishConnecting();
    await flush();
    const encode = (event: unknown) => new TextEncoder().encode(JSON.stringify(event));
    room().emit('dataReceived', encode({ event_type: 'agent_start_talking' }), {
      identity: 'server',
    });
    room().emit('dataReceived', encode({ event_type: 'agent_stop_talking' }), {
      identity: 'server',
    });
    expect(opts.onAgentTalking.mock.calls).toEqual([[true], [false]]);
    call.stop();
  });

  it('the room closing on its own ends the call once, with every track stopped', async () => {
    const opts = options();
    createRetellCall(new RetellWebClient(), opts);
    room().finishConnecting();
    await flush();
    await room().disconnect(); // the server closed the room
    await flush();
    expect(opts.onEnded).toHaveBeenCalledTimes(1);
    expect(allEnded()).toBe(true);
  });

  it("a failed connect is the SDK's error event: 'Call error: Error starting call'", async () => {
    const opts = options();
    createRetellCall(new RetellWebClient(), opts);
    room().failConnecting(new Error('could not establish signal connection'));
    await flush();
    expect(opts.onError).toHaveBeenCalledWith('Call error: Error starting call');
    expect(lk.tracks).toHaveLength(0);
  });

  it('the microphone failing inside the SDK is reported (how to allow it), not left as an unhandled rejection', async () => {
    lk.micError = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    const opts = options();
    createRetellCall(new RetellWebClient(), opts);
    room().finishConnecting();
    await flush();
    expect(opts.onError).toHaveBeenCalledTimes(1);
    expect(opts.onError.mock.calls[0]![0]).toMatch(/^Microphone access is blocked/);
    expect(room().state).toBe('disconnected');
  });
});
