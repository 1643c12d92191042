import { createContext, useContext } from "react";
import type { AuthResponse, LoginInput, SessionUser } from "@atendo/shared";

export type AuthStatus = "loading" | "authenticated" | "anonymous";

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  /** Set by a login in this page: the public route then goes to /tickets instead of / (spec section 4). */
  justSignedIn: boolean;
  login: (input: LoginInput) => Promise<AuthResponse>;
  logout: () => Promise<void>;
  /** Reloads the user from GET /auth/me (after a profile edit, for example). */
  refreshUser: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth needs an AuthProvider");
  return value;
}
