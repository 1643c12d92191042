import { eq, inArray } from "drizzle-orm";
import type { MessageView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { inCompany } from "../db/tenant.js";
import { contacts, messages, users } from "../db/schema.js";
import { presentMessage } from "./present-message.js";

type MessageRow = typeof messages.$inferSelect;

/** Presents already loaded message rows of one company (with authors and quoted messages), keeping their order. */
export async function presentMessageRows(db: DbOrTx, companyId: number, rows: MessageRow[]): Promise<MessageView[]> {
  if (rows.length === 0) return [];
  const quotedIds = [...new Set(rows.flatMap((r) => (r.quotedMsgId ? [r.quotedMsgId] : [])))];
  const quotedRows = quotedIds.length ? await db.select().from(messages).where(inCompany(messages, companyId, inArray(messages.id, quotedIds))) : [];
  const all = [...rows, ...quotedRows];
  const contactIds = [...new Set(all.flatMap((r) => (r.contactId ? [r.contactId] : [])))];
  const userIds = [...new Set(all.flatMap((r) => (r.userId ? [r.userId] : [])))];
  const contactRows = contactIds.length
    ? await db.select({ id: contacts.id, name: contacts.name }).from(contacts).where(inCompany(contacts, companyId, inArray(contacts.id, contactIds)))
    : [];
  const userRows = userIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inCompany(users, companyId, inArray(users.id, userIds)))
    : [];
  const contactById = new Map(contactRows.map((c) => [c.id, c]));
  const userById = new Map(userRows.map((u) => [u.id, u]));
  const quotedById = new Map(quotedRows.map((q) => [q.id, q]));
  return rows.map((row) => {
    const quoted = row.quotedMsgId ? quotedById.get(row.quotedMsgId) : undefined;
    return presentMessage(row, {
      contact: row.contactId ? (contactById.get(row.contactId) ?? null) : null,
      user: row.userId ? (userById.get(row.userId) ?? null) : null,
      quoted: quoted ? { row: quoted, contact: quoted.contactId ? (contactById.get(quoted.contactId) ?? null) : null } : null,
    });
  });
}

export async function loadMessageView(db: DbOrTx, companyId: number, id: number): Promise<MessageView | undefined> {
  const rows = await db.select().from(messages).where(inCompany(messages, companyId, eq(messages.id, id)));
  const [view] = await presentMessageRows(db, companyId, rows);
  return view;
}
