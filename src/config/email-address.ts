/**
 * What the site takes for an email address, on the lowest floor so that env.ts (recipients,
 * MAIL_FROM) and the forms (src/lib/validation.ts) read it alike.
 *
 * Deliberately simple and linear-time: name@domain.tld, dot-separated parts, no spaces and none of
 * the characters that make it a display name, a comment or a list to a mail library: an address
 * typed as "x@y.example>" or "(2)x@y.example" is mailed to x@y.example, so it would pass for another.
 */
const ADDRESS =
  /^[^\s@.()<>[\]\\,;:"]+(\.[^\s@.()<>[\]\\,;:"]+)*@[^\s@.()<>[\]\\,;:"]+(\.[^\s@.()<>[\]\\,;:"]+)+$/;

export function isPlainAddress(value: string): boolean {
  return value.length <= 254 && ADDRESS.test(value);
}
