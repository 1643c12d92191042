import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { companies, users } from "../db/schema.js";
import { codeIn } from "../test/fakes/smtp.js";
import { login } from "../test/helpers.js";
import { startAccountsHarness, uniqueEmail, type AccountsHarness } from "./test-support.js";
import { registerCompany } from "./register-company.js";

let h: AccountsHarness;
let planId: number;
beforeAll(async () => {
  h = await startAccountsHarness();
  planId = await h.publicPlan();
});
afterAll(async () => {
  await h.close();
});

const PASSWORD = "Segura123";
const uniqueName = () => `Empresa ${Math.random().toString(36).slice(2, 10)}`;

/** Asks for a code, reads it from the mail and verifies it, as the signup page does. */
async function verifyAddress(email: string) {
  h.smtp.received.length = 0;
  await h.app.inject({ method: "POST", url: "/verify-email", payload: { email, name: "Visitante" } });
  const code = codeIn(await h.smtp.waitFor((m) => m.to.includes(email)));
  const res = await h.app.inject({ method: "POST", url: "/verify-code", payload: { email, code } });
  expect(res.statusCode).toBe(200);
}

const register = (body: Record<string, unknown>) => h.app.inject({ method: "POST", url: "/companies/cadastro", payload: body });
const isoInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("POST /companies/cadastro", () => {
  it("refuses an address whose code was not verified", async () => {
    const email = uniqueEmail();
    await h.app.inject({ method: "POST", url: "/verify-email", payload: { email } });
    const res = await register({ name: uniqueName(), email, password: PASSWORD, planId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_EMAIL_NOT_VERIFIED" });
    expect(await h.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("refuses a verification older than 30 minutes", async () => {
    const email = uniqueEmail();
    await verifyAddress(email);
    const later = new Date(Date.now() + 31 * 60_000);
    await expect(registerCompany(h.app.deps, { name: uniqueName(), email, password: PASSWORD, planId }, later)).rejects.toMatchObject({
      code: "ERR_EMAIL_NOT_VERIFIED",
    });
  });

  it("sets the terms itself, ignoring status, due date, approval and plan terms sent in the body", async () => {
    await h.setGlobal("trial", "5");
    const email = uniqueEmail();
    await verifyAddress(email);
    const name = uniqueName();
    const res = await register({
      name,
      email,
      phone: "(11) 98765-4321",
      password: PASSWORD,
      planId,
      status: false,
      approved: true,
      dueDate: "2099-12-31",
      recurrence: "ANUAL",
      campaignsEnabled: false,
      value: "0",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name, approved: false, dueDate: isoInDays(5) });
    const [company] = await h.database.db.select().from(companies).where(eq(companies.name, name));
    expect(company).toMatchObject({
      email,
      phone: "11987654321",
      planId,
      status: true,
      approved: false,
      dueDate: isoInDays(5),
      recurrence: "MENSAL",
      campaignsEnabled: true,
    });
    const [admin] = await h.database.db.select().from(users).where(eq(users.email, email));
    expect(admin).toMatchObject({ companyId: company!.id, name, profile: "admin", super: false });

    // Waiting for approval: its admin cannot sign in until a super user approves the company.
    const refused = await h.app.inject({ method: "POST", url: "/auth/login", payload: { email, password: PASSWORD } });
    expect(refused.json()).toEqual({ error: "ERR_COMPANY_NOT_APPROVED" });
    await h.database.db.update(companies).set({ approved: true }).where(eq(companies.id, company!.id));
    expect((await login(h.app, email, PASSWORD)).user.profile).toBe("admin");
    await h.setGlobal("trial", "3");
  });

  it("lets the company in at once when approval is not required", async () => {
    await h.setGlobal("requireapproval", "disabled");
    try {
      const email = uniqueEmail();
      await verifyAddress(email);
      const res = await register({ name: uniqueName(), email, password: PASSWORD, planId });
      expect(res.json()).toMatchObject({ approved: true, dueDate: isoInDays(3) });
      expect((await login(h.app, email, PASSWORD)).user.email).toBe(email);
    } finally {
      await h.setGlobal("requireapproval", "enabled");
    }
  });

  it("spends the verification: one registration per verified code", async () => {
    const email = uniqueEmail();
    await verifyAddress(email);
    expect((await register({ name: uniqueName(), email, password: PASSWORD, planId })).statusCode).toBe(201);
    const again = await register({ name: uniqueName(), email: email, password: PASSWORD, planId });
    expect(again.json()).toEqual({ error: "ERR_EMAIL_NOT_VERIFIED" });
  });

  it("keeps the verification when the name or the address is taken, so the visitor can fix it", async () => {
    const first = uniqueEmail();
    await verifyAddress(first);
    const name = uniqueName();
    expect((await register({ name, email: first, password: PASSWORD, planId })).statusCode).toBe(201);

    const second = uniqueEmail();
    await verifyAddress(second);
    const taken = await register({ name: name.toUpperCase(), email: second, password: PASSWORD, planId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: "ERR_COMPANY_NAME_ALREADY_EXISTS" });
    expect((await register({ name: uniqueName(), email: second, password: PASSWORD, planId })).statusCode).toBe(201);

    // An address that already signs in somewhere: said only to whoever could read its mailbox.
    await verifyAddress(first);
    expect((await register({ name: uniqueName(), email: first, password: PASSWORD, planId })).json()).toEqual({
      error: "ERR_EMAIL_ALREADY_EXISTS",
    });
  });

  it("takes only a public plan, and the spec's password rule", async () => {
    const email = uniqueEmail();
    await verifyAddress(email);
    const hidden = await h.publicPlan({ isPublic: false });
    expect((await register({ name: uniqueName(), email, password: PASSWORD, planId: hidden })).json()).toEqual({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.planId", message: "validation.selectPlan" }],
    });
    expect((await register({ name: uniqueName(), email, password: PASSWORD })).json()).toEqual({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.planId", message: "validation.selectPlan" }],
    });
    for (const weak of ["curta1A", "semnumeroAA", "SEMMINUSCULA1", "semmaiuscula1"]) {
      expect((await register({ name: uniqueName(), email, password: weak, planId })).json(), weak).toEqual({
        error: "ERR_VALIDATION",
        fields: [{ path: "body.password", message: "validation.weakPassword" }],
      });
    }
    expect((await register({ name: "A", email, password: PASSWORD, planId })).json()).toEqual({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.name", message: "validation.nameTooShort" }],
    });
    // The verification survived the refusals.
    expect((await register({ name: uniqueName(), email, password: PASSWORD, planId })).statusCode).toBe(201);
  });

  it("is closed while allowregister is disabled", async () => {
    const email = uniqueEmail();
    await verifyAddress(email);
    await h.setGlobal("allowregister", "disabled");
    try {
      expect((await register({ name: uniqueName(), email, password: PASSWORD, planId })).json()).toEqual({ error: "ERR_REGISTRATION_DISABLED" });
    } finally {
      await h.setGlobal("allowregister", "enabled");
    }
  });
});
