import 'react';

// Invoker commands (a button opens or closes a dialog or popover with no script; Chromium 135+,
// Firefox 144+, Safari 26.2+), missing from @types/react 19.3. React passes them on in lower case.
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- keeps React's type parameter
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
