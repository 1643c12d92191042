import { and, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { inCompany } from "../db/tenant.js";
import { contactExtraInfo, contacts, messages, tickets } from "../db/schema.js";

/**
 * One person known as two contacts (by number and by LID) becomes one: `keepId` takes the other's tickets,
 * messages, extra fields and missing identity keys; `dropId` is deleted. Returns the kept contact.
 *
 * The one-active-ticket index forbids two active tickets of one contact on one connection: where both contacts have
 * one, the dropped contact's active ticket hands its messages to the kept one's and is closed first. A message
 * stored under both chats (same provider id) is kept once.
 */
export async function mergeContacts(tx: Tx, companyId: number, keepId: number, dropId: number): Promise<typeof contacts.$inferSelect> {
  const [keep] = await tx.select().from(contacts).where(inCompany(contacts, companyId, eq(contacts.id, keepId))).for("update");
  const [drop] = await tx.select().from(contacts).where(inCompany(contacts, companyId, eq(contacts.id, dropId))).for("update");
  if (!keep) throw new Error(`merge: contact ${keepId} not found`);
  if (!drop || drop.id === keep.id) return keep;

  const now = new Date();
  const activeOf = (contactId: number) =>
    tx
      .select({ id: tickets.id, whatsappId: tickets.whatsappId })
      .from(tickets)
      .where(inCompany(tickets, companyId, eq(tickets.contactId, contactId), ne(tickets.status, "closed")));
  const keptActive = await activeOf(keep.id);
  for (const dropped of await activeOf(drop.id)) {
    const target = keptActive.find((t) => t.whatsappId === dropped.whatsappId);
    if (!target) continue;
    await tx.update(messages).set({ ticketId: target.id }).where(inCompany(messages, companyId, eq(messages.ticketId, dropped.id)));
    await tx.update(tickets).set({ status: "closed", closedAt: now, unreadMessages: 0, updatedAt: now }).where(eq(tickets.id, dropped.id));
  }
  await tx.update(tickets).set({ contactId: keep.id }).where(inCompany(tickets, companyId, eq(tickets.contactId, drop.id)));

  // The same provider message under both chats: keep the kept chat's copy.
  await tx.execute(sql`
    delete from ${messages} m
    where m.company_id = ${companyId} and m.chat_contact_id = ${drop.id} and m.provider_id is not null
      and exists (select 1 from ${messages} k where k.chat_contact_id = ${keep.id} and k.whatsapp_id is not distinct from m.whatsapp_id and k.provider_id = m.provider_id)`);
  await tx.update(messages).set({ chatContactId: keep.id }).where(inCompany(messages, companyId, eq(messages.chatContactId, drop.id)));
  await tx.update(messages).set({ contactId: keep.id }).where(inCompany(messages, companyId, eq(messages.contactId, drop.id)));
  await tx.update(contactExtraInfo).set({ contactId: keep.id }).where(inCompany(contactExtraInfo, companyId, eq(contactExtraInfo.contactId, drop.id)));
  await tx.delete(contacts).where(and(eq(contacts.id, drop.id), eq(contacts.companyId, companyId)));

  const [merged] = await tx
    .update(contacts)
    .set({
      lid: keep.lid ?? drop.lid,
      canonicalNumber: keep.canonicalNumber ?? drop.canonicalNumber,
      number: keep.number || drop.number,
      name: keep.name.trim() && keep.name !== keep.number && keep.name !== keep.lid ? keep.name : drop.name || keep.name,
      profilePicUrl: keep.profilePicUrl ?? drop.profilePicUrl,
      email: keep.email || drop.email,
      updatedAt: now,
    })
    .where(eq(contacts.id, keep.id))
    .returning();
  return merged!;
}
