/** Delay between arriving on / and scrolling to the section (docs/product.md section 3.2). */
const SCROLL_AFTER_NAVIGATION_MS = 100;

export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls to a home-page section, records it in the URL and moves focus there, so keyboard and
 * screen reader users continue from the section, not the menu. False when it is not there yet.
 */
export function scrollToSection(id: string): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
  if (window.location.hash !== `#${id}`)
    window.history.replaceState(window.history.state, '', `#${id}`);
  return true;
}

/**
 * After a client-side navigation to /, the section appears once the new page has rendered: try
 * after the delay, then keep trying for a few seconds in case a slow network held the page back.
 */
export function scrollToSectionAfterNavigation(id: string): void {
  let attempts = 0;
  const attempt = () => {
    if (scrollToSection(id) || ++attempts > 60) return;
    window.setTimeout(attempt, 50);
  };
  window.setTimeout(attempt, SCROLL_AFTER_NAVIGATION_MS);
}
