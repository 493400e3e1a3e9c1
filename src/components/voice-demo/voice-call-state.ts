import { voiceDemo } from '@/content/voice-demo';
import { fill } from '@/lib/fill';

/**
 * The voice demo's states (docs/product.md section 9.2) as a pure reducer. `attempt` numbers each
 * call, so a late event from a cancelled call changes nothing; `start` during a call is ignored.
 */
export type VoiceCallState =
  | { status: 'idle'; attempt: number; notice: string | null }
  | { status: 'connecting'; attempt: number }
  | { status: 'connected'; attempt: number; muted: boolean; agentTalking: boolean }
  | { status: 'error'; attempt: number; message: string };

export type VoiceCallEvent =
  | { type: 'start' }
  | { type: 'cancel' }
  | { type: 'connected'; attempt: number }
  | { type: 'agent_talking'; attempt: number; talking: boolean }
  | { type: 'muted'; attempt: number; muted: boolean }
  | { type: 'ended'; attempt: number }
  | { type: 'failed'; attempt: number; message: string };

export const initialVoiceCallState: VoiceCallState = { status: 'idle', attempt: 0, notice: null };

export const isCallActive = (state: VoiceCallState) =>
  state.status === 'connecting' || state.status === 'connected';

export function voiceCallReducer(state: VoiceCallState, event: VoiceCallEvent): VoiceCallState {
  switch (event.type) {
    case 'start':
      return isCallActive(state) ? state : { status: 'connecting', attempt: state.attempt + 1 };
    case 'cancel':
      if (state.status === 'idle') return state;
      return {
        status: 'idle',
        attempt: state.attempt,
        notice: state.status === 'connected' ? voiceDemo.ended : null,
      };
    default:
      break;
  }
  // Everything else comes from a running call and counts only for the current one.
  if (event.attempt !== state.attempt) return state;
  switch (event.type) {
    case 'connected':
      return state.status === 'connecting'
        ? { status: 'connected', attempt: state.attempt, muted: false, agentTalking: false }
        : state;
    case 'agent_talking':
      return state.status === 'connected' ? { ...state, agentTalking: event.talking } : state;
    case 'muted':
      return state.status === 'connected' ? { ...state, muted: event.muted } : state;
    case 'ended':
      return isCallActive(state)
        ? { status: 'idle', attempt: state.attempt, notice: voiceDemo.ended }
        : state;
    case 'failed':
      return isCallActive(state)
        ? { status: 'error', attempt: state.attempt, message: event.message }
        : state;
  }
}

const { messages } = voiceDemo;

/** 'Unable to start voice call: {reason}', 'Unknown error' when there is no reason. */
export function startErrorMessage(reason?: string | null): string {
  return fill(messages.unableToStart, { reason: reason?.trim() || messages.unknownError });
}

/** An error event from the call client: 'Call error: {message}'. */
export function callErrorMessage(message?: string | null): string {
  return fill(messages.callError, { message: message?.trim() || messages.unknownError });
}

/**
 * What to tell the visitor when getUserMedia fails: a refusal (theirs, a policy's, an insecure
 * page's) says how to allow the microphone; the rest are start errors with a plain reason.
 */
export function microphoneErrorMessage(error: unknown): string {
  const name =
    typeof error === 'object' && error !== null && 'name' in error
      ? String((error as { name: unknown }).name)
      : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return fill(messages.microphoneDenied, { agent: voiceDemo.agentName });
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return startErrorMessage(messages.microphoneMissing);
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return startErrorMessage(messages.microphoneBusy);
    case 'TypeError':
      return startErrorMessage(messages.microphoneUnsupported);
    default:
      return startErrorMessage(error instanceof Error ? error.message : null);
  }
}

/** The line a screen reader hears (and everyone sees) for the current state. */
export function statusText(state: VoiceCallState): string {
  switch (state.status) {
    case 'connecting':
      return fill(voiceDemo.connecting, { agent: voiceDemo.agentName });
    case 'connected':
      return fill(voiceDemo.connected, { agent: voiceDemo.agentName });
    case 'error':
      return state.message;
    case 'idle':
      return state.notice ?? '';
  }
}
