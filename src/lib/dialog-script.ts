/**
 * The attributes of an empty element inside a <dialog> that holds a frame only while the dialog is open. Its
 * children are the script's, not React's: render it with `dangerouslySetInnerHTML={{ __html: '' }}`.
 */
export const dialogFrameSlot = (src: string, title: string) => ({
  'data-frame-src': src,
  'data-frame-title': title,
});

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
 * Frames. A frame exists only while its dialog is open: when it opens, each frame slot gets an <iframe> for its
 * address; when it closes, the frame is removed, so each opening starts afresh and a closed preview runs nothing.
 * Not even an empty frame is in the page as served: the browser makes a document for every <iframe> it parses, a
 * long task during the page's load (bench/results/main-thread.md). The address cannot simply
 * be in src with loading="lazy": browsers load lazy frames at once when scripting is off, and the app must never
 * load unasked. A frame is made once the open dialog has been painted, so its navigation does not hold that paint
 * back either, and it is left out of the Tab order until it has loaded: focus inside a frame whose navigation
 * commits is dropped on the page's body. It reads the dialog's state rather than the event's, so a plain 'toggle'
 * event dispatched after showModal() also works. If the dialog closed meanwhile, nothing loads.
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
var s=d.querySelectorAll("[data-frame-src]"),i;
if(!d.open){for(i=0;i<s.length;i++)s[i].textContent="";return}
later(function(){if(!d.open)return;for(i=0;i<s.length;i++){if(s[i].firstChild)continue;var f=document.createElement("iframe");
f.setAttribute("title",s[i].getAttribute("data-frame-title"));f.setAttribute("tabindex","-1");f.addEventListener("load",function(){this.removeAttribute("tabindex")},{once:true});
f.setAttribute("src",s[i].getAttribute("data-frame-src"));s[i].appendChild(f)}})
},true)
})()`.replace(/\n/g, '');
