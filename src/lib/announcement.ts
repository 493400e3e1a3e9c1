/** The announcement bar's dismissal, shared by the pre-paint script and the close button. */
export const ANNOUNCEMENT_STORAGE_KEY = 'announcement_dismissed_at';
/** A dismissal is honoured for 7 days, then the bar returns. */
export const ANNOUNCEMENT_DISMISS_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Runs in <head> before first paint: if the bar was dismissed less than 7 days
 * ago, mark <html> so CSS hides the bar and removes its height from the layout
 * in the very first frame (no flash, no shift). Storage errors (private mode,
 * blocked storage) simply leave the bar visible.
 */
export const announcementPrePaintScript = `try{var t=Number(localStorage.getItem(${JSON.stringify(
  ANNOUNCEMENT_STORAGE_KEY,
)}));if(t>0&&Date.now()-t<${ANNOUNCEMENT_DISMISS_MS})document.documentElement.dataset.announcement="dismissed"}catch(e){}`;
