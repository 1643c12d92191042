import { AppError } from "../../errors.js";
import type { ProviderError } from "../provider.js";

/**
 * How a provider's error answers over HTTP: a session not running is a conflict with its state; an invalid number
 * or an unsupported operation the client's mistake; the rest the far side's failure (502), never our 500.
 */
export function appErrorOfProvider(err: ProviderError): AppError {
  switch (err.code) {
    case "ERR_WAPP_NOT_INITIALIZED":
      return new AppError(err.code, 409);
    case "ERR_WAPP_INVALID_CONTACT":
    case "ERR_FETCH_WAPP_MSG":
      return new AppError(err.code, 400);
    case "ERR_NOT_SUPPORTED":
      return new AppError("ERR_BAD_REQUEST", 400, { reason: "ERR_NOT_SUPPORTED" });
    default:
      return new AppError(err.code, 502);
  }
}
