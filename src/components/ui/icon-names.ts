/** Names content modules may use for icons; mapped to lucide components in icon.tsx. */
export const iconNames = [
  'search', 'monitor', 'pen', 'map-pin', 'star', 'list', 'zap', 'clock', 'trending-up',
  'calendar-check', 'phone', 'message', 'calendar', 'mail', 'workflow',
  'languages', 'database', 'bar-chart', 'bot', 'shield', 'users', 'building', 'home', 'key', 'bell', 'repeat',
  'refresh', 'link', 'thumbs-up', 'headphones', 'mic', 'sparkles', 'target', 'check-circle', 'file-text',
  'clipboard', 'dollar', 'globe', 'inbox', 'send', 'settings', 'heart', 'award', 'moon', 'handshake',
] as const;

export type IconName = (typeof iconNames)[number];
