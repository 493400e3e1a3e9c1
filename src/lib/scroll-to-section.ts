/** Delay between arriving on / from another page and scrolling to the section (SPEC section 9). */
const SCROLL_AFTER_NAVIGATION_MS = 100;

export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls to a home-page section, records it in the URL and moves focus there
 * so keyboard and screen reader users continue from the section, not the menu.
 * Returns false when the section is not (yet) in the document.
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
 * After a client-side navigation to /, the section appears once the new page
 * has rendered: try after the SPEC delay, then keep trying briefly in case the
 * page took longer (slow network), giving up after a few seconds.
 */
export function scrollToSectionAfterNavigation(id: string): void {
  let attempts = 0;
  const attempt = () => {
    if (scrollToSection(id) || ++attempts > 60) return;
    window.setTimeout(attempt, 50);
  };
  window.setTimeout(attempt, SCROLL_AFTER_NAVIGATION_MS);
}
