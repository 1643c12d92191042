import { isBillingOnly } from "@atendo/shared";
import { todayIso } from "../companies/assert-company-access.js";

/**
 * An expired company's admins get a billing-only session instead of a refusal, so that they can sign in and pay:
 * only routes whose config says `allowBillingOnly` answer them (the rest 402 ERR_SUBSCRIPTION_EXPIRED), and their
 * sockets hear only the payment event. A blocked or unapproved company, and every non-admin, are refused as before.
 */
export function billingOnlyAccess(
  user: { profile: string },
  company: { status: boolean; approved: boolean; dueDate: string | null },
  now = new Date(),
): { dueDate: string } | undefined {
  if (!company.status || !company.approved) return undefined;
  return isBillingOnly(user, company, todayIso(now)) ? { dueDate: company.dueDate! } : undefined;
}
