import { durationUnits } from '@/content/admin';
import { showHidden } from '@/lib/visible-text';

/** A visitor's value as the inbox shows it: hidden and direction-changing characters written out. */
export const visible = (value: unknown): string =>
  value === null || value === undefined ? '' : showHidden(String(value));

export function fullName(fields: Record<string, string>): string {
  return visible(`${fields.firstName ?? ''} ${fields.lastName ?? ''}`.trim());
}

/** A duration in two units at most: '45 s', '12 min', '3 h 5 min', '2 d 4 h'. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const { seconds, minutes, hours, days } = durationUnits;
  if (s < 60) return `${s} ${seconds}`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} ${minutes}`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} ${hours} ${m % 60} ${minutes}` : `${h} ${hours}`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} ${days} ${h % 24} ${hours}` : `${d} ${days}`;
}
