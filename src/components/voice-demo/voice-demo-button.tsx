'use client';

import { Mic } from 'lucide-react';
import { IconLabel } from '@/components/ui/icon-label';
import Link from 'next/link';
import { useEffect, useReducer, useRef, useSyncExternalStore } from 'react';
import { voiceDemo } from '@/content/voice-demo';
import { buttonClass } from '@/components/ui/button-styles';
import { canMakeVoiceCalls, startVoiceCall, type VoiceCall } from './voice-call';
import { VoiceCallDialog } from './voice-call-dialog';
import { initialVoiceCallState, isCallActive, voiceCallReducer } from './voice-call-state';

const noSubscription = () => () => {};

/**
 * The live voice demo control (docs/product.md section 9.1): a link to /contact-demo in the HTML, a
 * button once hydrated in a capable browser. The call runs while connecting or connected: the
 * effect starts it and its cleanup releases it, leaving the page included.
 */
export function VoiceDemoButton({
  label = voiceDemo.buttonLabel,
  variant = 'secondary',
}: {
  label?: string;
  variant?: 'primary' | 'secondary' | 'inverse';
}) {
  // false on the server and during hydration, then the browser's answer: no mismatch.
  const capable = useSyncExternalStore(noSubscription, canMakeVoiceCalls, () => false);
  const [state, dispatch] = useReducer(voiceCallReducer, initialVoiceCallState);
  const callRef = useRef<VoiceCall | null>(null);
  const active = isCallActive(state);
  const { attempt } = state;

  useEffect(() => {
    if (!active) return;
    const call = startVoiceCall({
      onConnected: () => dispatch({ type: 'connected', attempt }),
      onAgentTalking: (talking) => dispatch({ type: 'agent_talking', attempt, talking }),
      onEnded: () => dispatch({ type: 'ended', attempt }),
      onError: (message) => dispatch({ type: 'failed', attempt, message }),
    });
    callRef.current = call;
    return () => {
      call.release();
      if (callRef.current === call) callRef.current = null;
    };
  }, [active, attempt]);

  const className = buttonClass(variant, 'lg');
  const content = (
    <IconLabel icon={Mic} side="start">
      {label}
    </IconLabel>
  );

  if (!capable) {
    return (
      <Link href={voiceDemo.fallbackHref} data-voice-demo="link" className={className}>
        {content}
      </Link>
    );
  }

  return (
    <>
      <button
        type="button"
        data-voice-demo="button"
        aria-haspopup="dialog"
        className={className}
        onClick={(event) => {
          // Safari does not focus a clicked button; the dialog returns focus to whatever had it.
          event.currentTarget.focus();
          dispatch({ type: 'start' });
        }}
      >
        {content}
      </button>
      <VoiceCallDialog
        state={state}
        onStop={() => dispatch({ type: 'cancel' })}
        onRetry={() => dispatch({ type: 'start' })}
        onToggleMute={() => {
          if (state.status !== 'connected') return;
          const muted = !state.muted;
          callRef.current?.setMuted(muted);
          dispatch({ type: 'muted', attempt, muted });
        }}
      />
      <span role="status" className="sr-only">
        {state.status === 'idle' ? state.notice : ''}
      </span>
    </>
  );
}
