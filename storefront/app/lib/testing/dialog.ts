// jsdom has <dialog> but not its methods; tests of components that open one install these
// stand-ins, which keep the `open` attribute and the close event as a browser would.
export function installDialogPolyfill() {
  const proto = HTMLDialogElement.prototype;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}
