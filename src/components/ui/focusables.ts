const FOCUSABLE =
  'a[href], button, input:not([type="hidden"]):not([tabindex="-1"]), select, textarea, iframe:not([tabindex="-1"]), [tabindex]:not([tabindex="-1"])';

/** The controls in `root` that Tab can reach, in order: enabled, drawn, and not a focus guard. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) =>
      !element.dataset.focusGuard &&
      !element.matches(':disabled') &&
      element.getClientRects().length > 0,
  );
}
