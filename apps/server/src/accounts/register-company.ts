import { and, desc, eq, gte, isNull, isNotNull } from "drizzle-orm";
import { SIGNUP_VERIFIED_WINDOW_MINUTES, TRIAL_DAYS_DEFAULT, V, type CompanySignupResponse } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import { emailCodes, plans } from "../db/schema.js";
import { AppError, validationError } from "../errors.js";
import { getGlobalSettingUnscoped } from "../settings/list-settings.js";
import { createCompany } from "../platform/create-company.js";
import { assertRegistrationOpen } from "./assert-registration-open.js";

export interface CompanySignupData {
  name: string;
  email: string;
  phone?: string;
  password: string;
  planId: number;
}

const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * POST /companies/cadastro: the public signup. Only for an address whose code was verified in the last
 * SIGNUP_VERIFIED_WINDOW_MINUTES (403 ERR_EMAIL_NOT_VERIFIED otherwise), and it spends that verification. The server
 * decides the terms: the chosen plan (a public one), MENSAL, active, a trial due date from the setting `trial`
 * (1–7 days), and approved only when the global setting `requireapproval` is disabled. The company and its first
 * admin (the company's name, the e-mail, the password) are made by the platform's createCompany, in the same
 * transaction as spending the verification: a refused registration (name or e-mail taken) leaves it to retry.
 */
export async function registerCompany(
  deps: Pick<AppDeps, "db">,
  input: CompanySignupData,
  now = new Date(),
): Promise<CompanySignupResponse> {
  const { db } = deps;
  await assertRegistrationOpen(db);
  const [plan] = await db.select({ id: plans.id }).from(plans).where(and(eq(plans.id, input.planId), eq(plans.isPublic, true)));
  if (!plan) throw validationError([{ path: "body.planId", message: V.selectPlan }]);
  const trialDays = Number(await getGlobalSettingUnscoped(db, "trial")) || TRIAL_DAYS_DEFAULT;
  const approved = (await getGlobalSettingUnscoped(db, "requireapproval")) !== "enabled";
  const dueDate = addDays(now, trialDays);

  return db.transaction(async (tx) => {
    const [verification] = await tx
      .select({ id: emailCodes.id })
      .from(emailCodes)
      .where(
        and(
          eq(emailCodes.purpose, "signup"),
          eq(emailCodes.email, input.email),
          isNull(emailCodes.usedAt),
          isNotNull(emailCodes.verifiedAt),
          gte(emailCodes.verifiedAt, new Date(now.getTime() - SIGNUP_VERIFIED_WINDOW_MINUTES * 60_000)),
        ),
      )
      .orderBy(desc(emailCodes.verifiedAt))
      .limit(1)
      .for("update");
    if (!verification) throw new AppError("ERR_EMAIL_NOT_VERIFIED", 403);
    await tx.update(emailCodes).set({ usedAt: now }).where(eq(emailCodes.id, verification.id));

    // Inside this transaction (createCompany's own becomes a savepoint): a refusal there keeps the verification.
    const company = await createCompany(tx, {
      name: input.name,
      email: input.email,
      phone: input.phone || undefined,
      planId: plan.id,
      password: input.password,
      status: true,
      approved,
      dueDate,
      recurrence: "MENSAL",
      campaignsEnabled: true,
    });
    return { id: company.id, name: company.name, approved: company.approved, dueDate: company.dueDate };
  });
}
