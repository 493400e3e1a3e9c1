/** Names a URL gives this machine by (its hostname, as URL parses it: lower case, IPv6 in brackets). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const isLoopbackHost = (hostname: string): boolean =>
  LOOPBACK_HOSTS.has(hostname.toLowerCase());
