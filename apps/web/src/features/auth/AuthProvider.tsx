import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { AuthResponse, LoginInput, SessionUser } from "@atendo/shared";
import { api } from "./api.js";
import { AuthContext, type AuthContextValue, type AuthStatus } from "./auth-context.js";
import { sessionEvents } from "./session-events.js";
import { clearSession, hasStoredSession, saveSession } from "./session-storage.js";

interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  justSignedIn: boolean;
}

const ANONYMOUS: AuthState = { status: "anonymous", user: null, justSignedIn: false };

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(() =>
    hasStoredSession() ? { status: "loading", user: null, justSignedIn: false } : ANONYMOUS,
  );

  const signedOut = useCallback(() => {
    setState(ANONYMOUS);
    queryClient.clear();
  }, [queryClient]);

  // A stored token is only trusted once the server confirms it (GET /auth/me refreshes it when expired).
  useEffect(() => {
    if (!hasStoredSession()) return;
    let cancelled = false;
    api
      .get<SessionUser>("/auth/me")
      .then(({ data }) => {
        if (!cancelled) setState({ status: "authenticated", user: data, justSignedIn: false });
      })
      .catch(() => {
        if (!cancelled) setState(ANONYMOUS);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const offExpired = sessionEvents.expired.subscribe(signedOut);
    const offRefreshed = sessionEvents.refreshed.subscribe((auth) =>
      setState((current) => (current.status === "anonymous" ? current : { ...current, user: auth.user })),
    );
    return () => {
      offExpired();
      offRefreshed();
    };
  }, [signedOut]);

  const login = useCallback(async (input: LoginInput) => {
    const { data } = await api.post<AuthResponse>("/auth/login", input);
    saveSession(data);
    setState({ status: "authenticated", user: data.user, justSignedIn: true });
    return data;
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.delete("/auth/logout");
    } catch {
      // The server may already have ended the session; signing out locally is what matters.
    }
    clearSession();
    signedOut();
  }, [signedOut]);

  const refreshUser = useCallback(async () => {
    const { data } = await api.get<SessionUser>("/auth/me");
    setState((current) => ({ ...current, user: data }));
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login, logout, refreshUser }),
    [state, login, logout, refreshUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
