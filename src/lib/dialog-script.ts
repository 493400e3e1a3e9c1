/**
 * The attributes of an empty element in a <dialog> that holds a frame only while it is open. Its
 * children are the script's: render it with `dangerouslySetInnerHTML={{ __html: '' }}`.
 */
export const dialogFrameSlot = (src: string, title: string) => ({
  'data-frame-src': src,
  'data-frame-title': title,
});

/**
 * Inline at the top of <body>, so dialogs work from the first paint, before hydration.
 *
 * Paint first, then modal: in the tap's frame the dialog is only made visible (globals.css draws it
 * as the modal), and it becomes modal after that frame is painted. showModal() makes the document
 * inert, which restyles every element: about 90 ms of the tap's paint at 4x CPU on the home page
 * (bench/results/main-thread.md). Without invoker commands the component handles the click.
 *
 * Frames exist only while their dialog is open, so a closed preview runs nothing and the page as
 * served parses no <iframe> (each is a document made during load: bench/results/main-thread.md).
 * loading="lazy" would not do: with scripting off browsers load lazy frames at once. A frame is
 * made after the open dialog is painted and stays out of the Tab order until loaded, because focus
 * inside a frame whose navigation commits drops to the page's body. The dialog's state, not the
 * event's, is read, so a 'toggle' dispatched after showModal() works too.
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
