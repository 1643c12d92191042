import axios from "axios";

/** Tries left after a wrong code (ERR_INVALID_CODE's details), or null for any other failure. */
export function attemptsLeftOf(error: unknown): number | null {
  if (!axios.isAxiosError(error)) return null;
  const data = error.response?.data as { error?: unknown; details?: { attemptsLeft?: unknown } } | undefined;
  return data?.error === "ERR_INVALID_CODE" && typeof data.details?.attemptsLeft === "number" ? data.details.attemptsLeft : null;
}
