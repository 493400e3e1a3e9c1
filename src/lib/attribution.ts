// Visit attribution sent with every lead (docs/product.md section 6.7). utmCaptureScript keeps the
// landing's utm_* parameters for the visit, so a lead sent three pages later still carries them.
export const UTM_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;
const UTM_STORAGE_KEY = 'lead_utm';

/** Inline, pre-paint: keep the first utm-tagged landing of this tab's visit. */
export const utmCaptureScript = `try{var q=new URLSearchParams(location.search),k=${JSON.stringify(UTM_KEYS)};if(k.some(function(x){return q.has(x)})&&!sessionStorage.getItem("${UTM_STORAGE_KEY}")){var o={};k.forEach(function(x){o[x]=q.get(x)||""});sessionStorage.setItem("${UTM_STORAGE_KEY}",JSON.stringify(o))}}catch(e){}`;

let maxScrollDepth = 0;

function currentScrollDepth(): number {
  const doc = document.documentElement;
  const scrollable = doc.scrollHeight - window.innerHeight;
  return scrollable <= 0 ? 100 : Math.min(100, Math.round((window.scrollY / scrollable) * 100));
}

/** Starts tracking the deepest scroll of this page view (once per page load). */
export function trackScrollDepth(): void {
  if (
    typeof window === 'undefined' ||
    (window as { __scrollDepthTracked?: boolean }).__scrollDepthTracked
  )
    return;
  (window as { __scrollDepthTracked?: boolean }).__scrollDepthTracked = true;
  maxScrollDepth = currentScrollDepth();
  window.addEventListener(
    'scroll',
    () => (maxScrollDepth = Math.max(maxScrollDepth, currentScrollDepth())),
    { passive: true },
  );
}

function storedUtm(): Partial<Record<(typeof UTM_KEYS)[number], string>> {
  try {
    const fromUrl = new URLSearchParams(window.location.search);
    if (UTM_KEYS.some((key) => fromUrl.has(key)))
      return Object.fromEntries(UTM_KEYS.map((key) => [key, fromUrl.get(key) ?? '']));
    return JSON.parse(sessionStorage.getItem(UTM_STORAGE_KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/** The attribution fields, flat and snake_case, as the lead API and webhook expect them. */
export function collectAttribution(): Record<string, string | number> {
  const utm = storedUtm();
  return {
    page_url: window.location.href,
    referrer: document.referrer || 'direct',
    user_agent: navigator.userAgent,
    time_on_page: Math.round(performance.now() / 1000),
    scroll_depth: Math.max(maxScrollDepth, currentScrollDepth()),
    screen_resolution: `${window.screen.width}x${window.screen.height}`,
    viewport_size: `${window.innerWidth}x${window.innerHeight}`,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    language: navigator.language,
    ...Object.fromEntries(UTM_KEYS.map((key) => [key, utm[key] ?? ''])),
  };
}
