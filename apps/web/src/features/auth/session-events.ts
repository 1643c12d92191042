import type { AuthResponse } from "@atendo/shared";

/**
 * The API layer and the socket live outside React; they tell the AuthProvider about
 * a token refresh or an ended session through these listeners.
 */
type Listener<T> = (value: T) => void;

function channel<T>() {
  const listeners = new Set<Listener<T>>();
  return {
    emit(value: T) {
      for (const listener of [...listeners]) listener(value);
    },
    subscribe(listener: Listener<T>): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const sessionEvents = {
  /** The session is gone (401, failed refresh, revoked): storage is already cleared. */
  expired: channel<void>(),
  /** A refresh produced a new token and a fresh user. */
  refreshed: channel<AuthResponse>(),
};
