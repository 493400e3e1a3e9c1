/**
 * A lead note as the inbox stores it: line breaks as LF (a form posts CRLF), no NUL (the database
 * cannot hold it), no blank lines or spaces around it. The note box compares its kept draft in the
 * same shape, so a note saved with a trailing line break counts as saved.
 */
export function noteText(typed: string): string {
  return typed
    .replace(/\r\n?/g, '\n')
    .replace(/\u0000/g, '')
    .trim();
}
