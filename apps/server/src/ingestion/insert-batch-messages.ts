import { getTableColumns, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { messages } from "../db/schema.js";

type MessageRow = typeof messages.$inferSelect;
type MessageInsert = typeof messages.$inferInsert;

/** The columns an inbound message sets, with the array type each travels in (text for jsonb and timestamps). */
const COLUMNS = [
  ["companyId", "int"],
  ["ticketId", "int"],
  ["whatsappId", "int"],
  ["chatContactId", "int"],
  ["contactId", "int"],
  ["providerId", "text"],
  ["body", "text"],
  ["mediaType", "text"],
  ["mimetype", "text"],
  ["mediaName", "text"],
  ["mediaStatus", "text"],
  ["data", "jsonb"],
  ["fromMe", "bool"],
  ["read", "bool"],
  ["ack", "int"],
  ["sendStatus", "text"],
  ["quotedMsgId", "int"],
  ["quotedProviderId", "text"],
  ["isForwarded", "bool"],
  ["queueId", "int"],
  ["createdAt", "timestamptz"],
  ["updatedAt", "timestamptz"],
] as const satisfies readonly (readonly [keyof MessageInsert, string])[];

const table = getTableColumns(messages);

/** A value as its array element: jsonb as its text, timestamps as ISO text (cast back in the statement). */
function elementOf(value: unknown, type: string): unknown {
  if (value === undefined || value === null) return null;
  if (type === "jsonb") return JSON.stringify(value);
  if (type === "timestamptz") return (value as Date).toISOString();
  return value;
}

/**
 * A batch's inbound messages in one INSERT … SELECT FROM unnest(…) ON CONFLICT (the idempotency key) DO NOTHING
 * RETURNING: one array parameter per column rather than one parameter per value, so building and sending the
 * statement costs the same for 64 messages as for a few (a multi-row VALUES list of ~1,400 parameters was most of
 * the batch's CPU). Answers the rows inserted, as Drizzle would map them; a redelivery is not among them.
 */
export async function insertBatchMessages(tx: Tx, rows: readonly MessageInsert[]): Promise<MessageRow[]> {
  if (rows.length === 0) return [];
  const names = COLUMNS.map(([key]) => sql.identifier(table[key].name));
  const arrays = COLUMNS.map(([key, type]) => sql`${sql.param(rows.map((row) => elementOf(row[key], type)))}::${sql.raw(type === "jsonb" ? "text" : type === "timestamptz" ? "text" : type)}[]`);
  const aliases = COLUMNS.map(([key]) => sql.identifier(`u_${table[key].name}`));
  const selected = COLUMNS.map(([key, type], i) => (type === "jsonb" || type === "timestamptz" ? sql`${aliases[i]}::${sql.raw(type)}` : aliases[i]!));
  const result = (await tx.execute(sql`
    insert into ${messages} (${sql.join(names, sql`, `)})
    select ${sql.join(selected, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as u(${sql.join(aliases, sql`, `)})
    on conflict (whatsapp_id, chat_contact_id, provider_id) do nothing
    returning *`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(table)) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as MessageRow;
  });
}
