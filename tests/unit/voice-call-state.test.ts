import { describe, expect, it } from 'vitest';
import {
  callErrorMessage,
  initialVoiceCallState,
  isCallActive,
  microphoneErrorMessage,
  startErrorMessage,
  statusText,
  voiceCallReducer,
  type VoiceCallEvent,
  type VoiceCallState,
} from '@/components/voice-demo/voice-call-state';
import { voiceDemo } from '@/content/voice-demo';
import { fill } from '@/lib/fill';

const run = (events: VoiceCallEvent[], from: VoiceCallState = initialVoiceCallState) =>
  events.reduce(voiceCallReducer, from);

describe('voiceCallReducer', () => {
  it('idle -> connecting -> connected -> idle on End, announcing the end', () => {
    const connecting = run([{ type: 'start' }]);
    expect(connecting).toEqual({ status: 'connecting', attempt: 1 });
    const connected = run([{ type: 'connected', attempt: 1 }], connecting);
    expect(connected).toEqual({
      status: 'connected',
      attempt: 1,
      muted: false,
      agentTalking: false,
    });
    expect(run([{ type: 'cancel' }], connected)).toEqual({
      status: 'idle',
      attempt: 1,
      notice: voiceDemo.ended,
    });
  });

  it('Cancel while connecting goes back to idle without a notice', () => {
    expect(run([{ type: 'start' }, { type: 'cancel' }])).toEqual({
      status: 'idle',
      attempt: 1,
      notice: null,
    });
  });

  it('the call ending on its own (connecting or connected) goes back to idle', () => {
    expect(
      run([{ type: 'start' }, { type: 'connected', attempt: 1 }, { type: 'ended', attempt: 1 }]),
    ).toMatchObject({
      status: 'idle',
      notice: voiceDemo.ended,
    });
    expect(run([{ type: 'start' }, { type: 'ended', attempt: 1 }])).toMatchObject({
      status: 'idle',
    });
  });

  it('an error clears connecting and connected and keeps the message until closed', () => {
    const fromConnecting = run([{ type: 'start' }, { type: 'failed', attempt: 1, message: 'm1' }]);
    expect(fromConnecting).toEqual({ status: 'error', attempt: 1, message: 'm1' });
    expect(isCallActive(fromConnecting)).toBe(false);
    const fromConnected = run([
      { type: 'start' },
      { type: 'connected', attempt: 1 },
      { type: 'failed', attempt: 1, message: 'm2' },
    ]);
    expect(fromConnected).toEqual({ status: 'error', attempt: 1, message: 'm2' });
    expect(run([{ type: 'cancel' }], fromConnected)).toEqual({
      status: 'idle',
      attempt: 1,
      notice: null,
    });
  });

  it('Try again after an error starts a new attempt', () => {
    expect(
      run([{ type: 'start' }, { type: 'failed', attempt: 1, message: 'x' }, { type: 'start' }]),
    ).toEqual({ status: 'connecting', attempt: 2 });
  });

  it('never a second call: start is ignored while connecting or connected', () => {
    const connecting = run([{ type: 'start' }]);
    expect(run([{ type: 'start' }], connecting)).toBe(connecting);
    const connected = run([{ type: 'connected', attempt: 1 }], connecting);
    expect(run([{ type: 'start' }], connected)).toBe(connected);
  });

  it('ignores late events from a cancelled attempt', () => {
    const second = run([{ type: 'start' }, { type: 'cancel' }, { type: 'start' }]);
    expect(second).toEqual({ status: 'connecting', attempt: 2 });
    for (const late of [
      { type: 'connected', attempt: 1 },
      { type: 'failed', attempt: 1, message: 'late' },
      { type: 'ended', attempt: 1 },
    ] as VoiceCallEvent[]) {
      expect(voiceCallReducer(second, late)).toBe(second);
    }
    const idle = run([{ type: 'start' }, { type: 'cancel' }]);
    expect(voiceCallReducer(idle, { type: 'connected', attempt: 1 })).toBe(idle);
    expect(voiceCallReducer(idle, { type: 'failed', attempt: 1, message: 'late' })).toBe(idle);
  });

  it('mute and agent talking only change a connected call', () => {
    const connecting = run([{ type: 'start' }]);
    expect(voiceCallReducer(connecting, { type: 'muted', attempt: 1, muted: true })).toBe(
      connecting,
    );
    const connected = run([{ type: 'connected', attempt: 1 }], connecting);
    expect(run([{ type: 'muted', attempt: 1, muted: true }], connected)).toMatchObject({
      muted: true,
    });
    expect(
      run(
        [
          { type: 'muted', attempt: 1, muted: true },
          { type: 'muted', attempt: 1, muted: false },
        ],
        connected,
      ),
    ).toMatchObject({ muted: false });
    expect(run([{ type: 'agent_talking', attempt: 1, talking: true }], connected)).toMatchObject({
      agentTalking: true,
    });
  });

  it('cancel from idle changes nothing (the dialog closing after the call already ended)', () => {
    const ended = run([
      { type: 'start' },
      { type: 'connected', attempt: 1 },
      { type: 'ended', attempt: 1 },
    ]);
    expect(voiceCallReducer(ended, { type: 'cancel' })).toBe(ended);
  });
});

describe('voice demo messages (docs/product.md section 9.3)', () => {
  it("'Unable to start voice call: {reason}', with 'Unknown error' when there is none", () => {
    expect(startErrorMessage('HTTP error! status: 401, message: nope')).toBe(
      'Unable to start voice call: HTTP error! status: 401, message: nope',
    );
    expect(startErrorMessage('')).toBe('Unable to start voice call: Unknown error');
    expect(startErrorMessage('   ')).toBe('Unable to start voice call: Unknown error');
    expect(startErrorMessage(null)).toBe('Unable to start voice call: Unknown error');
    expect(startErrorMessage()).toBe('Unable to start voice call: Unknown error');
  });

  it("an SDK error event is 'Call error: {message}'", () => {
    expect(callErrorMessage('Error starting call')).toBe('Call error: Error starting call');
    expect(callErrorMessage(undefined)).toBe('Call error: Unknown error');
  });

  it('a refused microphone says how to allow it in the site settings', () => {
    const denied = microphoneErrorMessage(
      Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }),
    );
    expect(denied).toMatch(/^Microphone access is blocked, so Aria cannot hear you\./);
    expect(denied).toMatch(/site settings/);
    expect(denied).toMatch(/set Microphone to Allow for this site, then try again/);
    for (const name of ['PermissionDeniedError', 'SecurityError'])
      expect(microphoneErrorMessage({ name })).toBe(denied);
  });

  it('other microphone failures are start errors with a plain reason', () => {
    expect(microphoneErrorMessage({ name: 'NotFoundError' })).toBe(
      'Unable to start voice call: No microphone was found. Connect one and try again.',
    );
    expect(microphoneErrorMessage({ name: 'NotReadableError' })).toBe(
      'Unable to start voice call: Your microphone is being used by another app. Close that app and try again.',
    );
    expect(microphoneErrorMessage(new TypeError('getUserMedia is not available'))).toBe(
      'Unable to start voice call: This browser cannot use a microphone on this page.',
    );
    expect(microphoneErrorMessage(new Error('weird'))).toBe('Unable to start voice call: weird');
    expect(microphoneErrorMessage('??')).toBe('Unable to start voice call: Unknown error');
  });

  it("the overlay says 'Connecting to Aria...' while connecting", () => {
    expect(statusText({ status: 'connecting', attempt: 1 })).toBe('Connecting to Aria...');
    expect(fill(voiceDemo.connecting, { agent: 'Max' })).toBe('Connecting to Max...');
    expect(
      statusText({ status: 'connected', attempt: 1, muted: false, agentTalking: false }),
    ).toMatch(/^Connected\. Aria/);
    expect(statusText({ status: 'idle', attempt: 1, notice: null })).toBe('');
  });
});
