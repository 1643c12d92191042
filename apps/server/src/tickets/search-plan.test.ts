import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketListQuery } from "@atendo/shared";
import type { Database } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { createTestDatabase } from "../test/helpers.js";
import { ticketPageQuery } from "./list-tickets.js";
import type { TicketViewer } from "./ticket-viewer.js";

/**
 * The plans of GET /tickets (issue 15): each side of a search is answered by its own index, and no tab reads a whole
 * table. Runs on PostgreSQL when TEST_DATABASE_URL is set and on PGlite otherwise (the same planner). The tables of a
 * test database are tiny, so sequential scans are priced out for the EXPLAIN: one still chosen means no index can
 * answer that part of the query, which is the regression this guards against.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const companyId = 1;
const auth = (profile: "admin" | "user", userId: number): AuthContext => ({
  userId,
  companyId,
  sessionId: "plan",
  profile,
  super: false,
  isPlatform: false,
  plan: null,
});
const agent: TicketViewer = { userId: 2, companyId, seesAll: false, queueIds: [1, 2], allTicket: false };
const admin: TicketViewer = { userId: 1, companyId, seesAll: true, queueIds: [], allTicket: false };

async function explain(viewer: TicketViewer, query: Partial<TicketListQuery>): Promise<string> {
  const { page } = ticketPageQuery(database.db, auth(viewer.seesAll ? "admin" : "user", viewer.userId), viewer, { pageNumber: 1, ...query } as TicketListQuery);
  const { sql: text, params } = page.toSQL();
  const statements = ["set enable_seqscan = off", `explain (costs off) ${text}`, "reset enable_seqscan"];
  const lines: string[] = [];
  if (database.pool) {
    const client = await database.pool.connect();
    try {
      await client.query(statements[0]!);
      const result = await client.query<{ "QUERY PLAN": string }>(statements[1]!, params as unknown[]);
      lines.push(...result.rows.map((r) => r["QUERY PLAN"]));
      await client.query(statements[2]!);
    } finally {
      client.release();
    }
  } else {
    const pglite = database.pglite!;
    await pglite.exec(statements[0]!);
    try {
      const result = await pglite.query<{ "QUERY PLAN": string }>(statements[1]!, params as unknown[]);
      lines.push(...result.rows.map((r) => r["QUERY PLAN"]));
    } finally {
      await pglite.exec(statements[2]!);
    }
  }
  return lines.join("\n");
}

describe("GET /tickets query plans", () => {
  it("answers a search by message text, transcript and contact name each from its own trigram index", async () => {
    for (const viewer of [agent, admin]) {
      const plan = await explain(viewer, { searchParam: "pedido 123" });
      expect(plan).toContain("messages_body_trgm_idx");
      expect(plan).toContain("messages_transcript_trgm_idx");
      expect(plan).toContain("contacts_name_trgm_idx");
      expect(plan).not.toMatch(/Seq Scan on (messages|contacts|tickets)\b/);
    }
  });

  it("answers a search that looks like a number from the number's trigram index too", async () => {
    const plan = await explain(admin, { searchParam: "11 9876" });
    expect(plan).toContain("contacts_number_trgm_idx");
    expect(plan).not.toMatch(/Seq Scan on (messages|contacts|tickets)\b/);
  });

  it("lists every tab from the tickets' indexes, for an agent and for an admin showing all", async () => {
    for (const viewer of [agent, admin]) {
      for (const status of ["pending", "open", "closed"] as const) {
        const plan = await explain(viewer, { status, showAll: viewer.seesAll });
        expect(plan, `${status}, ${viewer.seesAll ? "admin" : "agent"}`).not.toMatch(/Seq Scan on tickets\b/);
        expect(plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
      }
    }
  });
});
