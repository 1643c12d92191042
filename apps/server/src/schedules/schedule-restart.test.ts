import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScheduleView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { waitForStatus } from "../connections/test-support.js";
import { scheduleFixture, secondsFromNow } from "./test-support.js";

let database: Database;
const apps: TestApp[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  await database.close();
});

async function appWith(jobsSchema: string) {
  const app = await createTestApp(database, { jobsSchema });
  apps.push(app);
  return app;
}

describe("a schedule due while the server was stopped", () => {
  it("is sent once by the next start on the same database", async () => {
    const jobsSchema = `pgboss_test_${randomBytes(5).toString("hex")}`;
    const first = await appWith(jobsSchema);
    const ctx = await scheduleFixture(first, database, "5511990009001");
    const created = (await ctx.schedule({ body: "Enviado depois do reinício", sendAt: secondsFromNow(2) })).json<ScheduleView>();
    await first.close();

    // The server is down when the schedule comes due.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await ctx.row(created.id)).status).toBe("PENDENTE");

    const second = await appWith(jobsSchema);
    await second.deps.sessions.startSession(ctx.connection.id);
    await waitForStatus(database.db, ctx.connection.id, "CONNECTED");
    await eventually(async () => (await ctx.row(created.id)).status === "ENVIADA", 20_000);
    const sent = (await ctx.ticketMessages(ctx.ticket.id)).filter((m) => m.body === "Enviado depois do reinício");
    expect(sent).toHaveLength(1);
    await eventually(async () => {
      const [message] = (await ctx.ticketMessages(ctx.ticket.id)).filter((m) => m.id === sent[0]!.id);
      return message?.sendStatus === "sent";
    }, 20_000);
    // Nothing more comes of it: the job is done and the row is ENVIADA.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await ctx.ticketMessages(ctx.ticket.id)).filter((m) => m.body === "Enviado depois do reinício")).toHaveLength(1);
    const received = await second.inject({ method: "GET", url: `/simulator/${ctx.connection.id}/chats/5511990009001/messages`, headers: ctx.asAdmin });
    expect(received.json<{ direction: string; body: string }[]>().filter((m) => m.direction === "out").map((m) => m.body)).toEqual(["Enviado depois do reinício"]);
  }, 90_000);
});
