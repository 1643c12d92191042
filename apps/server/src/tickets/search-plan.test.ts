import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketListQuery } from "@atendo/shared";
import type { Database } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { sql } from "drizzle-orm";
import { createCompany } from "../test/helpers.js";
import { createIsolatedDatabase } from "../test/isolated-database.js";
import { whatsapps } from "../db/schema.js";
import { ticketPageQuery } from "./list-tickets.js";
import type { TicketViewer } from "./ticket-viewer.js";
import { indexedParts, NO_TRIGRAM_FREQUENCIES, type TrigramFrequencies } from "./search-terms.js";
import { bodyTrigramFrequencies } from "./trigram-frequencies.js";

/**
 * The plans of GET /tickets (issue 15): each side of a search is answered by its own index, and no tab reads a whole
 * table. Runs on PostgreSQL when TEST_DATABASE_URL is set and on PGlite otherwise (the same planner). One company holds
 * enough rows (analyzed) that its company_id indexes do not narrow anything, as in production, and sequential scans
 * are priced out for the EXPLAIN: one still chosen means no index can answer that part of the query, which is the
 * regression this guards against.
 */
let database: Database;
let companyId = 0;
/** Contacts, one ticket each, with 2 messages each. */
const TICKETS = 20_000;
beforeAll(async () => {
  // A database of its own: the trigram statistics are table-wide and read once per database handle
  // (trigram-frequencies.ts), so in the worker's shared database another file's search could have read them first,
  // before this file's ANALYZE, and other files' messages would weigh in them.
  database = await createIsolatedDatabase();
  const company = await createCompany(database.db);
  companyId = company.id;
  const [connection] = await database.db.insert(whatsapps).values({ companyId, name: "Planos", provider: "simulator" }).returning();
  await database.db.execute(sql`
    insert into contacts (company_id, name, number, canonical_number)
    select ${companyId}, 'Cliente ' || md5(g::text) || ' ' || md5((g + 1)::text), (5511900000000 + g)::text, (5511900000000 + g)::text from generate_series(1, ${TICKETS}) g`);
  await database.db.execute(sql`
    insert into tickets (company_id, contact_id, whatsapp_id, status, updated_at)
    select company_id, id, ${connection!.id}, (array['pending', 'open', 'closed'])[1 + id % 3], now() - id * interval '1 minute'
    from contacts where company_id = ${companyId}`);
  await database.db.execute(sql`
    insert into messages (company_id, ticket_id, chat_contact_id, provider_id, body, transcript)
    select t.company_id, t.id, t.contact_id, 'P' || t.id || '-' || g, 'mensagem ' || g || ' ' || md5((t.id * 10 + g)::text),
           case when g = 1 and t.id % 50 = 0 then 'áudio ' || md5(t.id::text) end
    from tickets t cross join generate_series(1, 2) g where t.company_id = ${companyId}`);
  await database.db.execute(sql`analyze contacts, tickets, messages`);
}, 120_000);
afterAll(async () => {
  await database.close();
});

const auth = (profile: "admin" | "user", userId: number): AuthContext => ({
  userId,
  companyId,
  sessionId: "plan",
  profile,
  super: false,
  isPlatform: false,
  plan: null,
});
const agent = (): TicketViewer => ({ userId: 2, companyId, seesAll: false, queueIds: [1, 2], allTicket: false });
const admin = (): TicketViewer => ({ userId: 1, companyId, seesAll: true, queueIds: [], allTicket: false });

async function explain(viewer: TicketViewer, query: Partial<TicketListQuery>, frequencies: TrigramFrequencies = NO_TRIGRAM_FREQUENCIES): Promise<string> {
  const { page } = pageOf(viewer, query, frequencies);
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

function pageOf(viewer: TicketViewer, query: Partial<TicketListQuery>, frequencies: TrigramFrequencies) {
  return ticketPageQuery(database.db, auth(viewer.seesAll ? "admin" : "user", viewer.userId), viewer, { pageNumber: 1, ...query } as TicketListQuery, frequencies);
}

describe("GET /tickets query plans", () => {
  it("answers a search as a union: message text and transcripts each from its trigram index, the contact side apart", async () => {
    for (const viewer of [agent(), admin()]) {
      const plan = await explain(viewer, { searchParam: "a1b2c" });
      expect(plan).toContain("messages_body_trgm_idx");
      expect(plan).toContain("messages_transcript_trgm_idx");
      // The contact side is its own branch of the union, read by an index (the name's trigram index once a company's
      // address book is large; on this one the planner may prefer the company index).
      expect(plan).toMatch(/Append[\s\S]*Filter: \(name ~~\* /);
      expect(plan).not.toMatch(/Seq Scan on (messages|contacts|tickets)\b/);
    }
  });

  it("reads the message-text index by a term's rare word alone and checks the whole term apart, finding the same tickets", async () => {
    // ANALYZE (beforeAll) kept the bodies' trigram frequencies: "mensagem" is in every message, an md5 piece is rare.
    const frequencies = await bodyTrigramFrequencies(database.db);
    expect(frequencies.common.get("men")).toBeGreaterThan(0.9);
    const result = (await database.db.execute(sql`select body from messages where company_id = ${companyId} and body like 'mensagem 2 %' limit 1`)) as unknown as { rows: { body: string }[] };
    const rare = result.rows[0]!.body.split(" ")[2]!.slice(0, 12);
    const term = `mensagem 2 ${rare}`;
    expect(indexedParts(term, frequencies)).toEqual([` ${rare}`]);
    for (const viewer of [agent(), admin()]) {
      const plan = await explain(viewer, { searchParam: term }, frequencies);
      expect(plan).toMatch(/Bitmap Index Scan on messages_body_trgm_idx\s+Index Cond: \(body ~~\* '% [0-9a-f]{12}%'::text\)\n/);
      expect(plan).toMatch(/Filter: \(\w+\.body ~~\* '%mensagem 2 [0-9a-f]{12}%'::text\)/);
      expect(plan).not.toMatch(/Seq Scan on (messages|contacts|tickets)\b/);
    }
    // The same tickets as the whole pattern alone.
    const ids = async (frequencies: TrigramFrequencies) => (await pageOf(admin(), { searchParam: term, showAll: true }, frequencies).page).map((r) => r.ticket.id);
    const found = await ids(frequencies);
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual(await ids(NO_TRIGRAM_FREQUENCIES));
  });

  it("answers a search that looks like a number from the number's trigram index too", async () => {
    const plan = await explain(admin(), { searchParam: "11 9876" });
    expect(plan).toContain("contacts_number_trgm_idx");
    expect(plan).not.toMatch(/Seq Scan on (messages|contacts|tickets)\b/);
  });

  it("lists every tab from the tickets' indexes, for an agent and for an admin showing all", async () => {
    for (const viewer of [agent(), admin()]) {
      for (const status of ["pending", "open", "closed"] as const) {
        const plan = await explain(viewer, { status, showAll: viewer.seesAll });
        expect(plan, `${status}, ${viewer.seesAll ? "admin" : "agent"}`).not.toMatch(/Seq Scan on tickets\b/);
        expect(plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
      }
    }
  });
});
