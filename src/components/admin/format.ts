/** The inbox shows times in UTC, the same for every operator and every instance: '2026-11-23 10:31'. */
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

export function fullName(fields: Record<string, string>): string {
  return `${fields.firstName ?? ''} ${fields.lastName ?? ''}`.trim();
}

/** A page's `searchParams` value as one string ('' when absent or repeated oddly). */
export function param(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}
