import type { FormErrorCode } from '@/lib/lead-form-redirect';
import type { LeadForm } from '@/lib/lead-forms';
import type { FieldErrorCode } from '@/lib/validation';

/** Labels, button states and outcome copy for the four lead forms. */

export type FieldCopy = {
  label: string;
  placeholder?: string;
  hint?: string;
  autoComplete?: string;
  /** The browser's words when a value does not match the field's format (its `title`). */
  format?: string;
};

export const fieldCopy = {
  firstName: { label: 'First name', autoComplete: 'given-name' },
  lastName: { label: 'Last name', autoComplete: 'family-name' },
  email: {
    label: 'Email',
    placeholder: 'you@company.com',
    autoComplete: 'email',
    format: 'An address like name@example.com',
  },
  phone: {
    label: 'Phone',
    placeholder: '(555) 010-0199',
    autoComplete: 'tel',
    format: 'Digits, spaces, dashes and brackets, with an optional + first',
  },
  website: {
    label: 'Website',
    placeholder: 'example.com',
    autoComplete: 'url',
    format: 'A site like example.com or https://example.com',
  },
  company: { label: 'Company', autoComplete: 'organization' },
  industry: { label: 'Industry', placeholder: 'Select your industry' },
  callVolume: { label: 'Monthly call volume', placeholder: 'Select a range' },
  message: {
    label: 'Message',
    placeholder: 'Tell us about your business and what you would like to automate.',
  },
  propertyName: { label: 'Property or company name', autoComplete: 'organization' },
  units: { label: 'Number of units', placeholder: 'Select a range' },
} as const satisfies Record<string, FieldCopy>;

export const industryOptions = [
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'real-estate', label: 'Real estate & property management' },
  { value: 'automotive', label: 'Automotive' },
  { value: 'retail', label: 'Retail' },
  { value: 'professional-services', label: 'Professional services' },
  { value: 'other', label: 'Other' },
] as const;

export const callVolumeOptions = [
  { value: '0-100', label: '0-100 calls' },
  { value: '100-500', label: '100-500 calls' },
  { value: '500-1000', label: '500-1,000 calls' },
  { value: '1000+', label: '1,000+ calls' },
] as const;

export const unitOptions = [
  { value: '1-25', label: '1-25 units' },
  { value: '26-50', label: '26-50 units' },
  { value: '51-100', label: '51-100 units' },
  { value: '101-250', label: '101-250 units' },
  { value: '250+', label: '250+ units' },
] as const;

export const optionalMark = '(optional)';

/** Above each form: the asterisk is shown, and its words are read in its place. */
export const requiredNote = {
  before: 'Fields marked',
  asterisk: 'with an asterisk',
  after: 'are required.',
} as const;

/** What each field error code says, per field where docs/product.md section 6.3 words it. */
const fieldErrorCopy: Partial<
  Record<keyof typeof fieldCopy, Partial<Record<FieldErrorCode, string>>>
> = {
  firstName: { required: 'First name is required' },
  lastName: { required: 'Last name is required' },
  email: { required: 'Email is required', invalid: 'Please enter a valid email address' },
  phone: { required: 'Phone number is required', invalid: 'Please enter a valid phone number' },
  website: { invalid: 'Invalid website URL (e.g., example.com or https://example.com)' },
  company: { required: 'Company is required' },
  propertyName: { required: 'Property name is required' },
};

const anyFieldErrorCopy: Record<FieldErrorCode, string> = {
  required: 'This field is required',
  invalid: 'This value is not valid',
  too_long: 'This is too long',
  choice: 'Please choose one of the options',
};

export function fieldErrorMessage(field: string, code: FieldErrorCode): string {
  return fieldErrorCopy[field as keyof typeof fieldCopy]?.[code] ?? anyFieldErrorCopy[code];
}

/** `too_long` where the field's limit is known ({max}, in characters). */
export const tooLongWithLimit = 'This is too long (at most {max} characters)';

/** Problems with a whole plain form post (JavaScript off), shown on the form's page. */
export const formErrorCopy: Record<FormErrorCode, string> = {
  invalid: 'Some of the details could not be read. Please check the form and try again.',
  too_large: 'The form is too large to send. Please shorten your message and try again.',
  rate_limited: 'Too many requests from your connection. Please wait a minute and try again.',
  unavailable:
    'We could not save your details just now. Please try again in a few minutes or contact us directly.',
  /** A post from a copy of the page: going back to it would only be refused again. */
  foreign:
    'Your details were not sent: the form came from a copy of this page on another site or on your device (a translated or saved page, for example). Please fill it in here and send it again.',
};

/** Submit button: idle and in-flight labels (docs/product.md section 6.1). */
export const submitLabels: Record<LeadForm, { idle: string; busy: string }> = {
  'growth-audit': { idle: 'Send My Free Blueprint', busy: 'Processing...' },
  demo: { idle: 'Request My Demo', busy: 'Submitting...' },
  contact: { idle: 'Send Message', busy: 'Sending...' },
  'aria-signup': { idle: 'Get Started with Aria', busy: 'Submitting...' },
};

/** The failure banner (docs/product.md section 6.3); {status} and {message} are filled in. */
export const errorCopy = {
  server: 'Server error ({status}). Please try again or contact us directly.',
  unexpected: 'An unexpected error occurred. Please try again or contact us directly.',
  unreachable:
    'We could not reach our server, so nothing was sent. Please check your connection and try again; everything you typed is still here.',
  tooMany: 'Too many requests from your connection. Please wait a minute and try again.',
  /** After a refused plain post, sent before the page's scripts ran: the fields here are empty. */
  returned:
    'What you typed is on the previous page: go back to correct it, or fill in the form again here.',
  /** The growth audit's own wording around a short reason. */
  growthAudit: 'Error: {message}. Please try again or contact support.',
} as const;

/** Short reasons for the growth audit's 'Error: {message}.' wording. */
export const failureReasons = {
  server: 'Server error ({status})',
  unexpected: 'Something unexpected went wrong',
  unreachable: 'We could not reach our server, so nothing was sent',
  tooMany: 'Too many requests, please wait a minute',
} as const;

export const successCopy = {
  demo: {
    heading: 'Thank you! Your demo request is in.',
    body: 'We will contact you within 24 hours to schedule your personalised demo. In the meantime, explore how it works or see what missed calls cost you.',
    actions: [
      { label: 'Explore Our Services', href: '/services-overview' },
      { label: 'Calculate Your Revenue Loss', href: '/revenue-calculator' },
    ],
  },
  contact: {
    heading: 'Thank you! Your message has been sent.',
    body: 'We reply within 24 hours. If it is urgent, call or email us directly.',
    actions: [
      { label: 'Back to Home', href: '/' },
      { label: 'Explore Our Services', href: '/services-overview' },
    ],
  },
  'aria-signup': {
    heading: 'You are on the list. Aria will be in touch.',
    body: 'Our team will contact you within 24 hours to set up Aria for your property. Quick setup takes 24-48 hours.',
    actions: [
      { label: 'See How Aria Works', href: '/aria-voice-agent' },
      { label: 'Calculate Your Revenue Loss', href: '/revenue-calculator' },
    ],
  },
} as const;

export const growthAuditDialog = {
  title: 'Get your free AI growth blueprint',
  description: 'Tell us where to send it. It takes 30 seconds, and we never share your details.',
  cancelLabel: 'Cancel',
  unlockLabel: 'Unlock My Blueprint',
} as const;

export const honeypotLabel = 'Leave this field empty';

/** Shown after a plain form post (JavaScript off) that the server could not accept. */
export const noScriptCopy = {
  errorIntro:
    'We could not accept the form. Please go back (your details are kept) and check that:',
  /** Each shown on the forms that have the field it names (`about`), the others on every form. */
  errorChecks: [
    {
      text: 'first name, last name and email are filled in (and phone, company or property name where marked required)',
    },
    { text: 'the email looks like name@example.com' },
    {
      about: 'phone',
      text: 'the phone number has only digits, spaces, dashes, brackets and an optional leading +',
    },
    { about: 'website', text: 'the website looks like example.com or https://example.com' },
    {
      text: 'no answer is longer than its limit: 100 characters for a name, 200 for a company or property name, 5,000 for a message',
    },
  ] satisfies ReadonlyArray<{ about?: 'phone' | 'website'; text: string }>,
  /** After the message of a refusal no detail can fix (formErrorCopy). */
  goBack: 'Go back to send it again: your details are kept.',
} as const;
