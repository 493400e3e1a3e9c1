/**
 * Times as the inbox, its emails and its commands show them: in UTC, the same for every operator
 * and every instance.
 */

/** '2026-11-23 10:31', or with seconds '2026-11-23 10:31:05'; '' for no time or an invalid one. */
export function formatUtc(
  date: Date | string | null | undefined,
  { seconds = false } = {},
): string {
  if (!date) return '';
  const value = typeof date === 'string' ? new Date(date) : date;
  return Number.isNaN(value.getTime())
    ? ''
    : value
        .toISOString()
        .slice(0, seconds ? 19 : 16)
        .replace('T', ' ');
}

/** The UTC day a time falls on: '2026-11-23'. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);
