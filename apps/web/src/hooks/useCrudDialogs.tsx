import { useCallback, useState } from "react";
import { ConfirmDialog } from "../components/ConfirmDialog.js";

/** The create/edit dialog of a list page: `show()` to create, `show(item)` to edit. */
export function useEditDialog<T>() {
  const [state, setState] = useState<{ open: boolean; item?: T }>({ open: false });
  const show = useCallback((item?: T) => setState({ open: true, item }), []);
  // The item stays while the dialog fades out.
  const close = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  return { open: state.open, item: state.item, show, close };
}

interface ConfirmDeleteOptions<T> {
  title: (item: T) => string;
  /** Runs after the user confirms; the dialog is already closing. */
  onConfirm: (item: T) => void;
}

/**
 * The delete confirmation of a list page: `ask(item)` opens the shared ConfirmDialog titled for that item; render
 * `dialog` once in the page.
 */
export function useConfirmDelete<T>({ title, onConfirm }: ConfirmDeleteOptions<T>) {
  const [state, setState] = useState<{ open: boolean; item: T | null }>({ open: false, item: null });
  const ask = useCallback((item: T) => setState({ open: true, item }), []);
  const { open, item } = state;
  const dialog = (
    <ConfirmDialog
      open={open}
      // The last item's title stays while the dialog fades out.
      title={item === null ? "" : title(item)}
      onClose={() => setState((current) => ({ ...current, open: false }))}
      onConfirm={() => {
        if (open && item !== null) onConfirm(item);
      }}
    />
  );
  return { ask, dialog };
}
