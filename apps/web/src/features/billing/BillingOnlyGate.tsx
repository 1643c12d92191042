import { Outlet } from "react-router";
import { isBillingOnly } from "@atendo/shared";
import { useAuth } from "../auth/auth-context.js";
import { lazyPage } from "../../routes/lazy-page.js";
import { todayUtc } from "./api.js";

const BillingOnlyShell = lazyPage(() => import("./BillingOnlyShell.js"), "BillingOnlyShell");

/**
 * A company past its due date keeps its admins a billing-only session (the server answers everything else 402):
 * they see only Assinatura and Faturas, in a frame of their own, until a payment moves the due date.
 */
export function BillingOnlyGate() {
  const { user } = useAuth();
  if (!user || !isBillingOnly(user, user.company, todayUtc())) return <Outlet />;
  return <BillingOnlyShell dueDate={user.company.dueDate!} />;
}
