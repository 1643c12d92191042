import { Navigate, Outlet } from "react-router";
import { FullPageSpinner } from "../../components/FullPageSpinner.js";
import { useAuth } from "./auth-context.js";

/** Private routes: an unauthenticated visitor is sent to /login (spec section 2). */
export function PrivateRoute() {
  const { status } = useAuth();
  if (status === "loading") return <FullPageSpinner />;
  if (status === "anonymous") return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** Public routes: an authenticated visitor is sent to / (or /tickets right after signing in). */
export function PublicRoute() {
  const { status, justSignedIn } = useAuth();
  if (status === "loading") return <FullPageSpinner />;
  if (status === "authenticated") return <Navigate to={justSignedIn ? "/tickets" : "/"} replace />;
  return <Outlet />;
}
