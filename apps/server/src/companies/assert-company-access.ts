import { AppError } from "../errors.js";

interface CompanyAccessFields {
  status: boolean;
  approved: boolean;
  dueDate: string | null;
}

/** Today as yyyy-MM-dd in UTC; due dates are whole days and the last valid day is the due date itself. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The login refusals of spec section 4, also applied on refresh and on every request so that a blocked or
 * expired company's open sessions end too. `status` is 403 at login and 401 afterwards (the client then signs out).
 */
export function assertCompanyAccess(company: CompanyAccessFields, httpStatus: 401 | 403, now = new Date()): void {
  if (!company.status) throw new AppError("ERR_COMPANY_INACTIVE", httpStatus);
  if (!company.approved) throw new AppError("ERR_COMPANY_NOT_APPROVED", httpStatus);
  if (company.dueDate && company.dueDate < todayIso(now)) {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", httpStatus, { dueDate: company.dueDate });
  }
}
