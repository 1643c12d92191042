import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultWorkingHours, type QueueView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";

let database: Database;
let app: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function adminToken() {
  const company = await createCompany(database.db);
  const user = await createUser(database.db, company.id, { profile: "admin" });
  return bearer((await login(app, user.email, user.password)).token);
}

/** The queue of core-service section 3 (and the PUT of section 7), sent exactly as the spec writes its fields. */
describe("POST and PUT /queue with the spec's queue fields", () => {
  it("stores and answers greeting, completion, out-of-hours and rating messages and the token", async () => {
    const headers = await adminToken();
    const spec = {
      name: "Financeiro",
      color: "#2196f3",
      greetingMessage: "Bem-vindo ao financeiro",
      complationMessage: "Atendimento finalizado",
      outOfHoursMessage: "Fora do horário",
      ratingMessage: "Dê uma nota de 1 a 5",
      token: "fila-financeiro",
      orderQueue: 1,
      integrationId: null,
      promptId: null,
      schedules: defaultWorkingHours(),
    };
    const created = await app.inject({ method: "POST", url: "/queue", headers, payload: spec });
    expect(created.statusCode).toBe(201);
    const queue = created.json<QueueView>();
    expect(queue).toMatchObject(spec);

    // PUT /queue/{id} (name, color, greetingMessage, optional integrationId, schedules, promptId): the rest is kept.
    const edited = await app.inject({
      method: "PUT",
      url: `/queue/${queue.id}`,
      headers,
      payload: { name: "Financeiro 2", color: "#2196f3", greetingMessage: "Olá", schedules: defaultWorkingHours(), promptId: null },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: "Financeiro 2", greetingMessage: "Olá", complationMessage: "Atendimento finalizado", ratingMessage: "Dê uma nota de 1 a 5", token: "fila-financeiro" });
    const fetched = await app.inject({ method: "GET", url: `/queue/${queue.id}`, headers });
    expect(fetched.json()).toMatchObject({ token: "fila-financeiro", outOfHoursMessage: "Fora do horário" });
  });
});
