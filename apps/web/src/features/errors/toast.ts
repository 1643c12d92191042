import { enqueueSnackbar } from "notistack";
import { i18n } from "../../i18n/index.js";
import { errorMessage } from "./error-message.js";

/** Toasts callable from anywhere (API layer, socket handlers, components); the SnackbarProvider renders them. */
export function toastError(error: unknown): void {
  enqueueSnackbar(errorMessage(error, i18n), { variant: "error" });
}

export function toastErrorText(message: string): void {
  enqueueSnackbar(message, { variant: "error" });
}

export function toastSuccess(message: string): void {
  enqueueSnackbar(message, { variant: "success" });
}

export function toastWarning(message: string): void {
  enqueueSnackbar(message, { variant: "warning" });
}
