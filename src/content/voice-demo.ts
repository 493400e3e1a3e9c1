/** Copy for the live voice demo (button and call dialog); messages: docs/product.md section 9.3. */

export type VoiceDemoContent = {
  agentName: string;
  buttonLabel: string;
  /** Where the control goes without JavaScript, or in a browser that cannot make the call. */
  fallbackHref: string;
  dialogTitle: string;
  connecting: string;
  connected: string;
  agentSpeaking: string;
  listening: string;
  microphoneNote: string;
  cancelLabel: string;
  endLabel: string;
  muteLabel: string;
  muted: string;
  ended: string;
  closeLabel: string;
  retryLabel: string;
  fallbackLabel: string;
  messages: {
    unableToStart: string;
    callError: string;
    unknownError: string;
    microphoneDenied: string;
    microphoneMissing: string;
    microphoneBusy: string;
    microphoneUnsupported: string;
    networkError: string;
    notConfigured: string;
    rateLimited: string;
    overBudget: string;
    httpError: string;
    providerUnreachable: string;
    noToken: string;
    alreadyInCall: string;
  };
};

export const voiceDemo = {
  agentName: 'Aria',
  buttonLabel: 'Try the Live Voice Demo',
  fallbackHref: '/contact-demo',
  dialogTitle: 'Live voice demo',
  connecting: 'Connecting to {agent}...',
  connected: 'Connected. {agent} is on the line: say hello.',
  agentSpeaking: '{agent} is speaking',
  listening: '{agent} is listening',
  microphoneNote:
    'Your browser will ask to use your microphone. The call is with an AI demo agent and ends when you close this window.',
  cancelLabel: 'Cancel',
  endLabel: 'End call',
  muteLabel: 'Mute',
  muted: 'Microphone muted',
  ended: 'Call ended.',
  closeLabel: 'Close',
  retryLabel: 'Try again',
  fallbackLabel: 'Book a live demo instead',
  messages: {
    unableToStart: 'Unable to start voice call: {reason}',
    callError: 'Call error: {message}',
    unknownError: 'Unknown error',
    microphoneDenied:
      'Microphone access is blocked, so {agent} cannot hear you. To allow it, click the icon to the left of the address bar (or open your browser’s site settings), set Microphone to Allow for this site, then try again.',
    microphoneMissing: 'No microphone was found. Connect one and try again.',
    microphoneBusy: 'Your microphone is being used by another app. Close that app and try again.',
    microphoneUnsupported: 'This browser cannot use a microphone on this page.',
    networkError: 'The site could not be reached. Check your connection and try again.',
    notConfigured: 'Voice demo is not configured',
    rateLimited: 'Too many calls from your connection. Please wait a minute and try again.',
    /** The site's calls for this hour, from all visitors, are used up. */
    overBudget: 'The demo line has taken all the calls it can this hour. Please try again later.',
    /** Without the provider's body, which may echo secrets. */
    httpError: 'HTTP error! status: {status}',
    providerUnreachable: 'The voice service could not be reached. Please try again shortly.',
    noToken: 'No access token in the answer',
    alreadyInCall: 'Another voice call is already in progress',
  },
} as const satisfies VoiceDemoContent;
