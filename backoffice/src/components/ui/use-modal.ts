import { type RefObject, useEffect } from "react";

/**
 * useModal shows a native <dialog> as a modal while `open` is true and closes it otherwise. The
 * browser then moves focus in, traps it and gives it back to the opener on close. jsdom has no
 * showModal: the open attribute keeps the dialog visible there.
 */
export function useModal(ref: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [ref, open]);
}
