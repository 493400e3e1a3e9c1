/** The analytics events the site pushes; one union so a typo is a type error. */
export type AnalyticsEvent = { event: 'cta_click'; cta_id: 'global_bar_try_app' | 'hero_try_app' };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Pushes to the tag manager's data layer; without a container the array collects unread events. */
export function track(event: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}
