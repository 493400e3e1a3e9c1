/** An iframe inside a <dialog> that carries its address here, not in src, is loaded only while the dialog is open. */
export const DIALOG_FRAME_SRC_ATTRIBUTE = 'data-frame-src';

/**
 * Inline at the top of <body>, so it works from the first paint, before hydration. Two jobs:
 *
 * Paint first, then modal. A show-modal button's dialog is opened in two steps: in the tap's frame it is only
 * made visible (the open attribute, drawn as the modal will be by globals.css), and after that frame is painted
 * it becomes modal. showModal() makes the rest of the document inert, which restyles every element: at 4x CPU on
 * the home page that alone held the tap's paint back about 90 ms (bench/results/main-thread.md). Focus moves once,
 * from the button to the dialog, as with a plain showModal(). Browsers without invoker commands leave the click
 * to the component's own fallback.
 *
 * Frames. When a dialog opens, its frames get their src; when it closes, they lose it (back to about:blank, so
 * each opening starts afresh and a closed preview runs nothing). The address cannot simply be in src with
 * loading="lazy": browsers load lazy frames at once when scripting is off, and the app must never load unasked.
 * A frame gets its src once the open dialog has been painted, so its navigation does not hold that paint back
 * either, and it is left out of the Tab order until it has loaded: focus inside a frame whose navigation
 * commits is dropped on the page's body. It reads the dialog's state rather than the event's, so a plain
 * 'toggle' event dispatched after showModal() also works. If the dialog closed meanwhile, nothing loads.
 */
export const dialogScript = `(function(){
function later(run){requestAnimationFrame(function(){setTimeout(run)})}
document.addEventListener("click",function(e){
var b=e.target.closest&&e.target.closest('button[command="show-modal"]'),d=b&&b.commandForElement;
if(!d||d.tagName!=="DIALOG"||d.open)return;
e.preventDefault();
d.setAttribute("open","");
later(function(){if(!d.hasAttribute("open")||d.matches(":modal"))return;d.removeAttribute("open");d.showModal()})
},true);
document.addEventListener("toggle",function(e){
var d=e.target;if(!d||d.tagName!=="DIALOG")return;
var f=d.querySelectorAll("iframe[${DIALOG_FRAME_SRC_ATTRIBUTE}]"),i;
if(!d.open){for(i=0;i<f.length;i++)f[i].removeAttribute("src");return}
later(function(){if(!d.open)return;for(i=0;i<f.length;i++){var s=f[i].getAttribute("${DIALOG_FRAME_SRC_ATTRIBUTE}");if(f[i].getAttribute("src")===s)continue;
f[i].setAttribute("tabindex","-1");f[i].addEventListener("load",function(){this.removeAttribute("tabindex")},{once:true});f[i].setAttribute("src",s)}})
},true)
})()`.replace(/\n/g, '');
