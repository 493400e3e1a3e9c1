'use client';

import { Mic, MicOff, PhoneOff } from 'lucide-react';
import { useId, useRef } from 'react';
import Link from 'next/link';
import { voiceDemo } from '@/content/voice-demo';
import { fill } from '@/lib/fill';
import { buttonClass } from '@/components/ui/button-styles';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { cn } from '@/lib/cn';
import { statusText, type VoiceCallState } from './voice-call-state';

/**
 * The call dialog. One button stays in place through every phase (Cancel, End call, Close), so
 * focus never drops out when the phase changes; Escape and the backdrop do what it does.
 */
export function VoiceCallDialog({
  state,
  onStop,
  onRetry,
  onToggleMute,
}: {
  state: VoiceCallState;
  onStop: () => void;
  onRetry: () => void;
  onToggleMute: () => void;
}) {
  const id = useId();
  const stopRef = useRef<HTMLButtonElement>(null);
  const open = state.status !== 'idle';
  const connected = state.status === 'connected' ? state : null;
  const live = state.status === 'connecting' || state.status === 'connected';
  const stopLabel =
    state.status === 'connected'
      ? voiceDemo.endLabel
      : state.status === 'error'
        ? voiceDemo.closeLabel
        : voiceDemo.cancelLabel;

  return (
    <ModalDialog
      open={open}
      onClose={onStop}
      labelledBy={`${id}-title`}
      describedBy={state.status === 'error' ? `${id}-error` : `${id}-status`}
      initialFocusRef={stopRef}
      className="w-[min(26rem,92vw)] rounded-2xl"
    >
      <div
        data-voice-call={state.status}
        className="flex flex-col items-center p-6 text-center sm:p-8"
      >
        <div
          aria-hidden="true"
          className={cn(
            'flex size-20 items-center justify-center rounded-full',
            state.status === 'error' ? 'bg-ink-100 text-ink-700' : 'bg-brand-100 text-brand-700',
            state.status === 'connecting' && 'motion-safe:animate-pulse',
            connected?.agentTalking && 'ring-8 ring-brand-200 motion-safe:animate-pulse',
          )}
        >
          {connected?.muted || state.status === 'error' ? (
            <MicOff className="size-9" />
          ) : (
            <Mic className="size-9" />
          )}
        </div>
        <h2 id={`${id}-title`} className="mt-5 text-xl font-bold text-ink-900">
          {voiceDemo.dialogTitle}: {voiceDemo.agentName}
        </h2>
        {/* Announced as it changes: connecting, connected (errors are alerts, below). */}
        <p
          id={`${id}-status`}
          role="status"
          className={live ? 'mt-2 font-medium text-ink-800' : 'sr-only'}
        >
          {live ? statusText(state) : ''}
        </p>
        {state.status === 'connecting' && (
          <p className="mt-3 text-sm text-ink-600">{voiceDemo.microphoneNote}</p>
        )}
        {connected && (
          <p className="mt-3 text-sm text-ink-600">
            {fill(connected.agentTalking ? voiceDemo.agentSpeaking : voiceDemo.listening, {
              agent: voiceDemo.agentName,
            })}
            {connected.muted ? ` · ${voiceDemo.muted}` : ''}
          </p>
        )}
        {state.status === 'error' && (
          <p id={`${id}-error`} role="alert" className="mt-2 text-ink-800">
            {state.message}
          </p>
        )}

        <div className="mt-6 flex w-full flex-wrap items-center justify-center gap-3">
          {connected && (
            <button
              type="button"
              aria-pressed={connected.muted}
              onClick={onToggleMute}
              className={buttonClass('secondary', 'md', 'aria-pressed:bg-brand-100')}
            >
              {connected.muted ? (
                <MicOff aria-hidden="true" className="size-4" />
              ) : (
                <Mic aria-hidden="true" className="size-4" />
              )}
              {voiceDemo.muteLabel}
            </button>
          )}
          {state.status === 'error' && (
            <button type="button" onClick={onRetry} className={buttonClass('primary', 'md')}>
              {voiceDemo.retryLabel}
            </button>
          )}
          <button
            ref={stopRef}
            type="button"
            onClick={onStop}
            className={
              connected
                ? 'inline-flex items-center justify-center gap-2 rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-red-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-700'
                : buttonClass(state.status === 'error' ? 'secondary' : 'ghost', 'md')
            }
          >
            {connected && <PhoneOff aria-hidden="true" className="size-4" />}
            {stopLabel}
          </button>
        </div>
        {state.status === 'error' && (
          <Link
            href={voiceDemo.fallbackHref}
            className="mt-4 text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            {voiceDemo.fallbackLabel}
          </Link>
        )}
      </div>
    </ModalDialog>
  );
}
