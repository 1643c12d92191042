import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { GroupContactPage, GroupContactView, WhatsAppView } from "@atendo/shared";
import type { Database } from "../../db/client.js";
import { contacts, messages, tickets } from "../../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../../test/helpers.js";
import { captureEvents, connectionsCompany, waitForStatus } from "../../connections/test-support.js";
import { startFakeOpenAi } from "../../test/fakes/openai.js";
import { startFakeGemini } from "../../test/fakes/gemini.js";
import { startFakeOpenRouter } from "../../test/fakes/openrouter.js";
import { sendGroupSummary } from "./send-group-summary.js";
import { GROUP_SUMMARY_JOB, localDate, nextRunOf, type GroupSummaryJob } from "./schedule-group-summary.js";
import { eventually } from "../../test/socket-client.js";
import { sql } from "drizzle-orm";

const KEY = "sk-summary-secret-key-98765";
const context = (lastAttempt = false) => ({ jobId: "x", retryCount: 0, lastAttempt, signal: new AbortController().signal });

let database: Database;
let app: TestApp;
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let gemini: Awaited<ReturnType<typeof startFakeGemini>>;
let openrouter: Awaited<ReturnType<typeof startFakeOpenRouter>>;

beforeAll(async () => {
  database = await createTestDatabase();
  openai = await startFakeOpenAi({ apiKey: KEY, reply: () => "1. Pedidos: Ana confirmou a entrega (24/11)." });
  gemini = await startFakeGemini({ apiKey: KEY, text: "1. Reunião: Bruno marcou para sexta (24/11)." });
  openrouter = await startFakeOpenRouter({ apiKey: KEY, text: "1. Estoque: Carla pediu reposição (24/11)." });
  app = await createTestApp(database, { openaiApiUrl: openai.url, geminiApiUrl: gemini.url, openrouterApiUrl: openrouter.url });
});
afterAll(async () => {
  await app.close();
  await Promise.all([openai.close(), gemini.close(), openrouter.close()]);
  await database.close();
});

/** A company with a connected simulator connection and a group (contact and ticket) with `said` messages today. */
async function groupWith(said: string[], plan: { useOpenAi?: boolean } = {}) {
  const ctx = await connectionsCompany(app, database.db, plan);
  const connection = (await app.inject({ method: "POST", url: "/whatsapp", headers: ctx.asAdmin, payload: { name: "Grupos", provider: "simulator" } })).json<WhatsAppView>();
  await app.inject({ method: "POST", url: `/simulator/${connection.id}/scan`, headers: ctx.asAdmin, payload: { qrcode: connection.qrcode } });
  await waitForStatus(database.db, connection.id, "CONNECTED");
  const code = `1203630${Math.floor(Math.random() * 1e10)}`;
  const [group] = await database.db.insert(contacts).values({ companyId: ctx.company.id, name: "Equipe Loja", number: code, isGroup: true, whatsappId: connection.id }).returning();
  const [member] = await database.db.insert(contacts).values({ companyId: ctx.company.id, name: "Ana", number: "5511911112222", canonicalNumber: `5511911112222${code}` }).returning();
  const [ticket] = await database.db.insert(tickets).values({ companyId: ctx.company.id, contactId: group!.id, whatsappId: connection.id, isGroup: true, status: "open" }).returning();
  for (const body of said) {
    await database.db.insert(messages).values({ companyId: ctx.company.id, ticketId: ticket!.id, whatsappId: connection.id, chatContactId: group!.id, contactId: member!.id, body });
  }
  // Yesterday's news is not today's summary.
  await database.db.insert(messages).values({
    companyId: ctx.company.id, ticketId: ticket!.id, whatsappId: connection.id, chatContactId: group!.id, contactId: member!.id,
    body: "mensagem antiga de dois dias", createdAt: new Date(Date.now() - 48 * 3600_000),
  });
  const put = (payload: object, headers = ctx.asAdmin) => app.inject({ method: "PUT", url: `/contacts/${group!.id}`, headers, payload });
  const summaries = async () =>
    database.db.select().from(messages).where(and(eq(messages.ticketId, ticket!.id), eq(messages.fromMe, true), eq(messages.automatic, true)));
  return { ...ctx, connection, group: group!, ticket: ticket!, put, summaries };
}

function laterToday(): string {
  const at = new Date(Date.now() + 30 * 60_000);
  return `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
}

describe("daily group summaries", () => {
  it.each([
    ["openai", "gpt-4o-mini", "Ana confirmou a entrega", () => openai.requests.at(-1)!.body.messages[0].content as string],
    ["gemini", "gemini-1.5-flash-latest", "Bruno marcou para sexta", () => gemini.requests.at(-1)!.json.contents[0].parts[0].text as string],
    ["openrouter", "deepseek/deepseek-chat", "Carla pediu reposição", () => openrouter.requests.at(-1)!.json.messages[0].content as string],
  ] as const)("summarises the group's day through %s, sends it to the group and keeps it on its ticket, once", async (provider, model, expected, promptSent) => {
    const { put, group, ticket, company, summaries } = await groupWith(["Bom dia, pessoal", "A entrega chega amanhã"]);
    const events = captureEvents(app);
    const time = laterToday();
    const saved = await put({ resumegroup: true, resumeprovider: provider, resumemodel: model, resumekey: KEY, timeresume: time, resumeprompt: "Resuma em tópicos com datas DD/MM:\n{messages}" });
    expect(saved.statusCode).toBe(200);
    const view = saved.json<GroupContactView>();
    expect(view).toMatchObject({ resumegroup: true, resumeprovider: provider, resumemodel: model, timeresume: `${time}:00`, hasResumeKey: true, resumekeyMasked: "••••8765", resumemaxtokens: 2000, resumetemperature: 0.7 });
    expect(JSON.stringify(saved.json())).not.toContain(KEY);
    expect(events.some((e) => e.event === `company-${company.id}-contact`)).toBe(true);
    expect(JSON.stringify(events)).not.toContain(KEY);
    const [stored] = await database.db.select().from(contacts).where(eq(contacts.id, group.id));
    expect(stored!.resumeKey).not.toContain(KEY);

    const job = { companyId: company.id, contactId: group.id, date: localDate(new Date()), time: `${time}:00` };
    expect(await sendGroupSummary(app.deps, app.log, job, context())).toBe("sent");
    const prompt = promptSent();
    expect(prompt).toContain("Resuma em tópicos com datas DD/MM:");
    expect(prompt).toMatch(/\d{2}\/\d{2} \d{2}:\d{2} - Ana: A entrega chega amanhã/);
    expect(prompt).not.toContain("mensagem antiga");
    const sent = await summaries();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.ticketId).toBe(ticket.id);
    expect(sent[0]!.body).toContain(expected);

    // The same day's run again (a restart redelivering the job): nothing more is sent.
    expect(await sendGroupSummary(app.deps, app.log, job, context())).toBe("already-done");
    expect(await summaries()).toHaveLength(1);
  }, 30_000);

  it("runs from the queue: the save schedules the group's next run, and the same day queued twice sends once", async () => {
    const { put, group, company, summaries } = await groupWith(["Reunião amanhã às 9h"]);
    const time = laterToday();
    expect((await put({ resumegroup: true, resumeprovider: "openai", resumemodel: "gpt-4o", resumekey: KEY, timeresume: time })).statusCode).toBe(200);
    const schema = app.deps.config.jobsSchema!;
    const scheduled = await database.db.execute<{ data: GroupSummaryJob; start_after: Date }>(
      sql`select data, start_after from ${sql.identifier(schema)}.job where name = ${GROUP_SUMMARY_JOB} and (data->>'contactId')::int = ${group.id}`,
    );
    const rows = (scheduled as unknown as { rows?: { data: GroupSummaryJob }[] }).rows ?? (scheduled as unknown as { data: GroupSummaryJob }[]);
    expect(rows.map((r) => r.data)).toEqual([{ companyId: company.id, contactId: group.id, date: localDate(new Date()), time: `${time}:00` }]);

    // The day's run delivered twice (a restart while it ran): one summary.
    const job = { companyId: company.id, contactId: group.id, date: localDate(new Date()), time: `${time}:00` };
    await app.deps.jobs.enqueue(GROUP_SUMMARY_JOB, job);
    await app.deps.jobs.enqueue(GROUP_SUMMARY_JOB, job);
    await eventually(async () => (await summaries()).length === 1, 15_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await summaries()).toHaveLength(1);
    const [claimed] = await database.db.select().from(contacts).where(eq(contacts.id, group.id));
    expect(claimed!.resumeLastDate).toBe(job.date);
  }, 30_000);

  it("sends nothing on a day without messages, and ignores a run for a time the group no longer has", async () => {
    const { put, group, company, summaries } = await groupWith([]);
    const time = laterToday();
    expect((await put({ resumegroup: true, resumeprovider: "openai", resumemodel: "gpt-4o", resumekey: KEY, timeresume: time })).statusCode).toBe(200);
    const before = openai.requests.length;
    const stale = { companyId: company.id, contactId: group.id, date: localDate(new Date()), time: "00:00:00" };
    expect(await sendGroupSummary(app.deps, app.log, stale, context())).toBe("stale");
    const job = { ...stale, time: `${time}:00` };
    expect(await sendGroupSummary(app.deps, app.log, job, context())).toBe("empty");
    expect(openai.requests.length).toBe(before);
    expect(await summaries()).toHaveLength(0);
  });

  it("validates the settings: the time, what the summary needs, the group, the plan and the company", async () => {
    const { put, group, asAdmin, company } = await groupWith([]);
    const badTime = await put({ timeresume: "25:61" });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.timeresume", message: "validation.invalidTime" }] });
    const incomplete = await put({ resumegroup: true, resumeprovider: "gemini" });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields.map((f: { path: string }) => f.path)).toEqual(["body.resumemodel", "body.resumekey", "body.timeresume"]);
    // The transcription toggle alone.
    const toggled = await put({ activetranscribe: true });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json<GroupContactView>()).toMatchObject({ activetranscribe: true, resumegroup: false, hasResumeKey: false, resumekeyMasked: "" });
    // The contact form still works on the same path.
    const [person] = await database.db.insert(contacts).values({ companyId: company.id, name: "Pessoa", number: "5511933334444", canonicalNumber: "5511933334444" }).returning();
    const form = await app.inject({ method: "PUT", url: `/contacts/${person!.id}`, headers: asAdmin, payload: { name: "Pessoa Editada", number: "5511933334444" } });
    expect(form.statusCode).toBe(200);
    // Group settings are for groups.
    expect((await app.inject({ method: "PUT", url: `/contacts/${person!.id}`, headers: asAdmin, payload: { activetranscribe: true } })).statusCode).toBe(400);
    // Another company's group: 404, untouched.
    const other = await connectionsCompany(app, database.db);
    expect((await put({ activetranscribe: false }, other.asAdmin)).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/contacts/groups", headers: other.asAdmin })).json<GroupContactPage>().contacts).toEqual([]);
    // The page lists groups only.
    const list = (await app.inject({ method: "GET", url: "/contacts/groups", headers: asAdmin })).json<GroupContactPage>();
    expect(list.contacts.map((c) => c.id)).toEqual([group.id]);
  });

  it("answers 403 to a company whose plan has no AI", async () => {
    const { put, asAdmin } = await groupWith([], { useOpenAi: false });
    const res = await put({ activetranscribe: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", details: { flag: "useOpenAi" } });
    expect((await app.inject({ method: "GET", url: "/contacts/groups", headers: asAdmin })).statusCode).toBe(403);
  });

  it("schedules the next run at the group's time, today or tomorrow", () => {
    const now = new Date(2026, 10, 24, 14, 30, 0);
    expect(nextRunOf("15:00:00", now)).toEqual({ at: new Date(2026, 10, 24, 15, 0, 0), date: "2026-11-24" });
    expect(nextRunOf("09:00:00", now)).toEqual({ at: new Date(2026, 10, 25, 9, 0, 0), date: "2026-11-25" });
  });
});
