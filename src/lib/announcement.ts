/** The announcement bar's dismissal, shared by the pre-paint script and the close button. */
export const ANNOUNCEMENT_STORAGE_KEY = 'announcement_dismissed_at';
/** A dismissal is honoured for 7 days, then the bar returns. */
export const ANNOUNCEMENT_DISMISS_MS = 7 * 24 * 60 * 60 * 1000;
/** Marks the close button for the script below (no client component: it works before hydration). */
const ANNOUNCEMENT_DISMISS_ATTRIBUTE = 'data-announcement-dismiss';

const key = JSON.stringify(ANNOUNCEMENT_STORAGE_KEY);

/**
 * Runs first in <body>, before first paint: a recent dismissal marks <html>, so CSS hides the bar in the
 * first frame (no flash, no shift). Blocked storage leaves the bar visible.
 */
export const announcementPrePaintScript = `try{var t=Number(localStorage.getItem(${key}));if(t>0&&Date.now()-t<${ANNOUNCEMENT_DISMISS_MS})document.documentElement.dataset.announcement="dismissed"}catch(e){}`;

/**
 * Runs there too, so the close button works from the first paint, not after hydration (2.5 s
 * later on a slow phone). Focus moves to the logo because the button goes with the bar. Without
 * JavaScript the button is not shown: a dismissal could not be remembered.
 */
export const announcementDismissScript = `document.addEventListener("click",function(e){var b=e.target;if(!b||!b.closest||!b.closest("[${ANNOUNCEMENT_DISMISS_ATTRIBUTE}]"))return;try{localStorage.setItem(${key},String(Date.now()))}catch(x){}document.documentElement.dataset.announcement="dismissed";var l=document.querySelector("[data-logo-link]");if(l)l.focus()})`;
