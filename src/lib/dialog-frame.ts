/** An iframe inside a <dialog> that carries its address here, not in src, is loaded only while the dialog is open. */
export const DIALOG_FRAME_SRC_ATTRIBUTE = 'data-frame-src';

/**
 * Inline in <head>, so it works from the first paint, before hydration: when a dialog opens, its frames
 * get their src; when it closes, they lose it (back to about:blank, so each opening starts afresh and a
 * closed preview runs nothing). The address cannot simply be in src with loading="lazy": browsers load
 * lazy frames at once when scripting is off, and the app must never load unasked. It reads the dialog's
 * state rather than the event's, so a plain 'toggle' event dispatched after showModal() also works.
 *
 * A frame gets its src only once the open dialog has been painted (the task after the next animation frame):
 * starting a frame's navigation, and laying out what it shows, inside the frame that first shows the dialog
 * held that paint back (web app preview at 4x CPU: 256 ms from the tap to the dialog on screen, median of 5;
 * bench/results/inp.md). If the dialog closed meanwhile, nothing loads.
 */
export const dialogFrameScript = `document.addEventListener("toggle",function(e){var d=e.target;if(!d||d.tagName!=="DIALOG")return;var f=d.querySelectorAll("iframe[${DIALOG_FRAME_SRC_ATTRIBUTE}]"),i;if(!d.open){for(i=0;i<f.length;i++)f[i].removeAttribute("src");return}requestAnimationFrame(function(){setTimeout(function(){if(!d.open)return;for(i=0;i<f.length;i++){var s=f[i].getAttribute("${DIALOG_FRAME_SRC_ATTRIBUTE}");if(f[i].getAttribute("src")!==s)f[i].setAttribute("src",s)}})})},true)`;
