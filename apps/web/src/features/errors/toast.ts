import { enqueueSnackbar } from "notistack";
import { ADMIN_TOAST_MS } from "@atendo/shared";
import { i18n } from "../../i18n/index.js";
import { errorMessage } from "./error-message.js";

/** Toasts callable from anywhere (API layer, socket handlers, components); the SnackbarProvider renders them. */
export function toastError(error: unknown): void {
  enqueueSnackbar(errorMessage(error, i18n), { variant: "error" });
}

export function toastErrorText(message: string): void {
  enqueueSnackbar(message, { variant: "error" });
}

interface ToastOptions {
  /** Admin screens keep toasts 3 s instead of 2 s (spec section 8). */
  admin?: boolean;
}

export function toastSuccess(message: string, options: ToastOptions = {}): void {
  enqueueSnackbar(message, { variant: "success", ...(options.admin ? { autoHideDuration: ADMIN_TOAST_MS } : {}) });
}

export function toastWarning(message: string): void {
  enqueueSnackbar(message, { variant: "warning" });
}
