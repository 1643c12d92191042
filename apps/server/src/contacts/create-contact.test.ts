import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { companyEvent, type ContactEventPayload } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts } from "../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { connected, connectSocket, listen, nextEvent } from "../test/socket-client.js";
import { createContact } from "./create-contact.js";

let database: Database;
let app: TestApp;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  url = await listen(app);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function agentOf() {
  const company = await createCompany(database.db);
  const user = await createUser(database.db, company.id);
  return { company, token: (await login(app, user.email, user.password)).token };
}
const post = (token: string, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/contacts", headers: bearer(token), payload });
const countOf = async (companyId: number) => (await database.db.select().from(contacts).where(eq(contacts.companyId, companyId))).length;

describe("POST /contacts", () => {
  it("creates a contact with its number normalised and extra info, and tells the company's sockets", async () => {
    const { company, token } = await agentOf();
    const socket = connectSocket(url, token);
    await connected(socket);
    const event = nextEvent<ContactEventPayload>(socket, companyEvent.contact(company.id));

    const res = await post(token, {
      name: " Maria Souza ",
      number: "(11) 98765-4321",
      email: "Maria@Loja.TEST",
      extraInfo: [{ name: "CPF", value: "123.456.789-00" }],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      alreadyExists: false,
      name: "Maria Souza",
      number: "5511987654321",
      email: "maria@loja.test",
      extraInfo: [{ name: "CPF", value: "123.456.789-00" }],
      invalido: false,
      whatsappCheck: "unchecked",
    });
    expect(body).not.toHaveProperty("canonicalNumber");
    expect(await event).toEqual({ action: "create", contact: expect.objectContaining({ id: body.id, name: "Maria Souza" }) });
    socket.close();
  });

  it("answers the existing contact, creating nothing, for the same number in either Brazilian form", async () => {
    const { company, token } = await agentOf();
    const first = await post(token, { name: "Old Number", number: "55 11 8765-4321" });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ number: "551187654321" });

    const again = await post(token, { name: "New Number", number: "+55 11 98765-4321" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ alreadyExists: true, existingContact: expect.objectContaining({ id: first.json().id, name: "Old Number" }) });
    expect(await countOf(company.id)).toBe(1);
  });

  it("lets two companies have the same number", async () => {
    const a = await agentOf();
    const b = await agentOf();
    expect((await post(a.token, { name: "Same", number: "5511911112222" })).statusCode).toBe(201);
    expect((await post(b.token, { name: "Same", number: "5511911112222" })).statusCode).toBe(201);
  });

  it("settles two requests racing with one number: one creates, the other gets the contact, none fails", async () => {
    const { company, token } = await agentOf();
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => post(token, { name: `Racer ${i}`, number: "5521999998888" })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(await countOf(company.id)).toBe(1);
  });

  it("validates with the contact form's messages", async () => {
    const { token } = await agentOf();
    const res = await post(token, { name: "A", number: "1234", email: "nope" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(
      expect.arrayContaining([
        { path: "body.name", message: "validation.tooShort" },
        { path: "body.number", message: "validation.tooShort" },
        { path: "body.email", message: "validation.invalidEmail" },
      ]),
    );
    const long = await post(token, { name: "x".repeat(51), number: "5511987654321" });
    expect(long.json().fields).toEqual([{ path: "body.name", message: "validation.tooLong" }]);
    // The number is optional on the contact form (core spec 5): only the name is missing.
    const missing = await post(token, { name: "", number: "" });
    expect(missing.json().fields).toEqual(expect.arrayContaining([{ path: "body.name", message: "validation.required" }]));
    expect(missing.json().fields.some((field: { path: string }) => field.path === "body.number")).toBe(false);
    const notANumber = await post(token, { name: "Maria", number: "12345678" });
    expect(notANumber.json().fields).toEqual([{ path: "body.number", message: "validation.invalidNumber" }]);
  });

  it("takes an empty e-mail", async () => {
    const { token } = await agentOf();
    const res = await post(token, { name: "Sem Email", number: "5511933334444", email: "" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: "" });
  });
});

describe("createContact with a WhatsApp check plugged in", () => {
  it("flags a number the provider says has no WhatsApp (invalido) and still keeps the contact", async () => {
    const company = await createCompany(database.db);
    const result = await createContact(database.db, company.id, { name: "Fixo", number: "551134567890", email: "", extraInfo: [] }, async () => "invalid");
    expect(result).toMatchObject({ alreadyExists: false, invalido: true, whatsappCheck: "invalid", number: "551134567890" });
  });
});
