import { STORAGE_KEYS, type AuthResponse } from "@atendo/shared";

/** What a signed-in browser keeps (spec section 4, Session). Preferences (theme, volume, language) are not part of it. */
const SESSION_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.companyId,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.sessionId,
  STORAGE_KEYS.dueDate,
] as const;

export function saveSession(auth: AuthResponse): void {
  localStorage.setItem(STORAGE_KEYS.token, auth.token);
  localStorage.setItem(STORAGE_KEYS.sessionId, auth.sessionId);
  localStorage.setItem(STORAGE_KEYS.userId, String(auth.user.id));
  localStorage.setItem(STORAGE_KEYS.companyId, String(auth.user.companyId));
  if (auth.user.company.dueDate) localStorage.setItem(STORAGE_KEYS.dueDate, auth.user.company.dueDate);
  else localStorage.removeItem(STORAGE_KEYS.dueDate);
}

export function clearSession(): void {
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
}

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function getSessionId(): string | null {
  return localStorage.getItem(STORAGE_KEYS.sessionId);
}

export function hasStoredSession(): boolean {
  return getToken() !== null;
}
