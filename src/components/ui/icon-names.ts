/** Names content modules may use for icons; mapped to lucide components in icon.tsx. */
export const iconNames = [
  'search', 'monitor', 'pen', 'map-pin', 'star', 'list', 'zap', 'clock', 'trending-up',
  'calendar-check', 'phone', 'message', 'calendar', 'mail', 'workflow',
] as const;

export type IconName = (typeof iconNames)[number];
