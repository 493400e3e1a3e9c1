import 'react';

// Invoker commands (HTML: a button that opens or closes a dialog or popover with no script; Chromium 135+,
// Firefox 144+, Safari 26.2+). @types/react 19.3 does not list them yet. React passes them through to the
// HTML only when spelled in lower case.
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged interface keeps React's own type parameter
  interface ButtonHTMLAttributes<T> {
    command?:
      | 'show-modal'
      | 'close'
      | 'request-close'
      | 'show-popover'
      | 'hide-popover'
      | 'toggle-popover'
      | `--${string}`;
    commandfor?: string;
  }
}
