import axios from "axios";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { FieldError } from "@atendo/shared";
import { errorCodeOf } from "../features/auth/api-client.js";

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as FieldError).path === "string" &&
    typeof (value as FieldError).message === "string"
  );
}

/**
 * Puts the server's ERR_VALIDATION field messages ("body.email" → email) on the form.
 * Returns whether any field was set, so the caller toasts only errors that no field explains.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (errorCodeOf(error) !== "ERR_VALIDATION" || !axios.isAxiosError(error)) return false;
  const list: unknown = (error.response?.data as { fields?: unknown } | undefined)?.fields;
  if (!Array.isArray(list)) return false;
  let applied = false;
  for (const item of list.filter(isFieldError)) {
    const name = item.path.replace(/^body\./, "");
    const field = fields.find((candidate) => candidate === name);
    if (field) {
      setError(field, { type: "server", message: item.message });
      applied = true;
    }
  }
  return applied;
}
