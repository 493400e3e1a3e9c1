/** Adds utm_source/utm_medium/utm_campaign to an outbound URL, keeping its own query. */
export function withUtm(
  href: string,
  utm: { source: string; medium: string; campaign: string },
): string {
  const url = new URL(href);
  url.searchParams.set('utm_source', utm.source);
  url.searchParams.set('utm_medium', utm.medium);
  url.searchParams.set('utm_campaign', utm.campaign);
  return url.toString();
}
