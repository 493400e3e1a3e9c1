import { RetellWebClient } from 'retell-client-js-sdk';
import { callErrorMessage, microphoneErrorMessage } from './voice-call-state';

/**
 * The provider's call client: this module and the SDK form one chunk, loaded when a call starts.
 *
 * More than startCall/stopCall, because retell-client-js-sdk 2.0.x's stopCall() does nothing until
 * the room has connected, and startCall() turns the microphone on after connecting: a call
 * cancelled while connecting would publish the microphone with nobody left to stop it. So every
 * local track goes through our wrapper of localParticipant.createTracks (a track made after stop()
 * is stopped at once), and stop() disconnects the room itself, aborting a pending connect. The SDK
 * is pinned in package.json, and tests/unit/voice-retell-call.test.ts runs its real code.
 */

export type RetellCallOptions = {
  accessToken: string;
  sampleRate: number;
  captureDeviceId?: string;
  /** Start muted (the visitor pressed Mute before the microphone was on). */
  muted?: boolean;
  onStarted(): void;
  /** The SDK acquired its microphone track. */
  onMicrophone(): void;
  onAgentTalking(talking: boolean): void;
  onEnded(): void;
  onError(message: string): void;
};

export type RetellCall = { stop(): void; setMuted(muted: boolean): void };

/** The parts of the media library's local track and room this module touches. */
type LocalTrackLike = { stop(): void; mediaStreamTrack?: MediaStreamTrack };
type RoomLike = {
  disconnect(stopTracks?: boolean): Promise<void>;
  localParticipant: {
    createTracks(options?: unknown): Promise<LocalTrackLike[]>;
    trackPublications?: Map<string, { track?: LocalTrackLike }>;
  };
};

/** The SDK's client as this module uses it (the real one, or a test's). */
export type RetellClientLike = {
  startCall(config: {
    accessToken: string;
    sampleRate?: number;
    captureDeviceId?: string;
    emitRawAudioSamples?: boolean;
  }): Promise<void>;
  stopCall(): void;
  mute(): void;
  unmute(): void;
  on(event: string, listener: (message: string) => void): unknown;
  removeAllListeners(): unknown;
};

export function createRetellCall(client: RetellClientLike, options: RetellCallOptions): RetellCall {
  const tracks = new Set<LocalTrackLike>();
  let stopped = false;
  let muted = options.muted ?? false;

  const applyMute = (track: LocalTrackLike) => {
    if (track.mediaStreamTrack) track.mediaStreamTrack.enabled = !muted;
  };
  const stopTrack = (track: LocalTrackLike) => {
    try {
      track.stop();
    } finally {
      track.mediaStreamTrack?.stop();
    }
  };

  client.on('call_started', () => {
    if (stopped) return;
    options.onStarted();
    if (muted) client.mute();
  });
  client.on('call_ended', () => {
    if (stopped) return;
    call.stop();
    options.onEnded();
  });
  client.on('error', (message: string) => {
    if (stopped) return;
    call.stop();
    options.onError(callErrorMessage(typeof message === 'string' ? message : null));
  });
  client.on('agent_start_talking', () => !stopped && options.onAgentTalking(true));
  client.on('agent_stop_talking', () => !stopped && options.onAgentTalking(false));

  const starting = client.startCall({
    accessToken: options.accessToken,
    sampleRate: options.sampleRate,
    captureDeviceId: options.captureDeviceId,
    emitRawAudioSamples: false,
  });
  starting.catch((error: unknown) => {
    if (stopped) return;
    call.stop();
    options.onError(callErrorMessage(error instanceof Error ? error.message : null));
  });

  // Created synchronously by startCall (before its first await); a private field of the SDK.
  const room = (client as unknown as { room?: RoomLike }).room;
  if (room?.localParticipant && typeof room.localParticipant.createTracks === 'function') {
    const participant = room.localParticipant;
    const createTracks = participant.createTracks.bind(participant);
    participant.createTracks = async (createOptions) => {
      let created: LocalTrackLike[];
      try {
        created = await createTracks(createOptions);
      } catch (error) {
        // The SDK does not await setMicrophoneEnabled: report here and hand back no track,
        // rather than leave a rejection nobody handles.
        if (!stopped) {
          call.stop();
          options.onError(microphoneErrorMessage(error));
        }
        return [];
      }
      for (const track of created) {
        tracks.add(track);
        if (stopped) stopTrack(track);
        else applyMute(track);
      }
      // Opened after stop(): the room connected despite the disconnect. Leave it again.
      if (stopped) room.disconnect().catch(() => undefined);
      if (!stopped && created.length > 0) options.onMicrophone();
      return created;
    };
  }

  const call: RetellCall = {
    stop() {
      if (stopped) return;
      stopped = true;
      client.removeAllListeners();
      try {
        client.stopCall(); // connected: the SDK's own teardown (a no-op while connecting)
      } catch {
        // already torn down
      }
      // Disconnecting aborts a connect still in flight, which the SDK's stopCall cannot.
      room?.disconnect().catch(() => undefined);
      for (const track of tracks) stopTrack(track);
      for (const publication of room?.localParticipant.trackPublications?.values() ?? []) {
        if (publication.track) stopTrack(publication.track);
      }
    },
    setMuted(next) {
      muted = next;
      // Silence at the source, whatever the SDK's signalling does: a disabled track sends nothing.
      tracks.forEach(applyMute);
      if (stopped) return;
      if (next) client.mute();
      else client.unmute();
    },
  };
  return call;
}

export function startRetellCall(options: RetellCallOptions): RetellCall {
  return createRetellCall(new RetellWebClient(), options);
}
