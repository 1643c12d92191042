import type { Db } from "../db/client.js";
import { chatMessages, chatUsers, chats, contactImports, contacts, invoices, messages, queues, quickMessages, tags, ticketNotes, tickets, whatsapps } from "../db/schema.js";
import { contactListImports, contactListItems, contactLists } from "../db/schema.js";
import { prompts } from "../db/schema.js";
import { queueIntegrations } from "../db/schema.js";
import { fileOptions, files } from "../db/schema.js";
import { schedules } from "../db/schema.js";
import { campaigns } from "../db/schema.js";
import type { TenantResource } from "../http/types.js";
import { createUser } from "./helpers.js";

/**
 * One row of each tenant resource, created in a given company, for the route walk. A route whose path parameter
 * names a new resource kind fails the walk until the kind gets a fixture here.
 * `marker` is a string the row carries, so the walk can check that an answer never contains it.
 */
export const tenantFixtures: Record<TenantResource, (db: Db, companyId: number) => Promise<{ id: number; marker: string; uuid?: string }>> = {
  users: async (db, companyId) => {
    const user = await createUser(db, companyId, { name: "Foreign Walk User", email: `foreign-${companyId}@walk.test` });
    return { id: user.id, marker: user.email };
  },
  queues: async (db, companyId) => {
    const marker = `Foreign Queue ${companyId}`;
    const [row] = await db.insert(queues).values({ companyId, name: marker, color: "#123456" }).returning();
    return { id: row!.id, marker };
  },
  contacts: async (db, companyId) => {
    const marker = `Foreign Contact ${companyId}`;
    const [row] = await db
      .insert(contacts)
      .values({ companyId, name: marker, number: "5511999990000", canonicalNumber: "5511999990000" })
      .returning();
    return { id: row!.id, marker };
  },
  contactImports: async (db, companyId) => {
    const marker = `foreign-import-${companyId}.xlsx`;
    const [row] = await db.insert(contactImports).values({ companyId, fileName: marker, filePath: "x" }).returning();
    return { id: row!.id, marker };
  },
  tags: async (db, companyId) => {
    const marker = `Foreign Tag ${companyId}`;
    const [row] = await db.insert(tags).values({ companyId, name: marker, color: "#654321" }).returning();
    return { id: row!.id, marker };
  },
  quickMessages: async (db, companyId) => {
    const marker = `foreign-shortcode-${companyId}`;
    const [row] = await db.insert(quickMessages).values({ companyId, shortcode: marker, message: "x", geral: true }).returning();
    return { id: row!.id, marker };
  },
  // A simulator connection: the simulator routes name it too.
  whatsapps: async (db, companyId) => {
    const marker = `Foreign Connection ${companyId}`;
    const [row] = await db.insert(whatsapps).values({ companyId, name: marker, provider: "simulator", isDefault: true }).returning();
    return { id: row!.id, marker };
  },
  tickets: async (db, companyId) => {
    const marker = `Foreign Ticket Contact ${companyId}`;
    const [contact] = await db.insert(contacts).values({ companyId, name: marker, number: "5511988880000", canonicalNumber: "5511988880000" }).returning();
    const [row] = await db.insert(tickets).values({ companyId, contactId: contact!.id, status: "open", lastMessage: marker }).returning();
    return { id: row!.id, marker, uuid: row!.uuid };
  },
  messages: async (db, companyId) => {
    const marker = `Foreign message body ${companyId}`;
    const [contact] = await db.insert(contacts).values({ companyId, name: `Foreign Msg Contact ${companyId}`, number: "5511977770000", canonicalNumber: "5511977770000" }).returning();
    const [ticket] = await db.insert(tickets).values({ companyId, contactId: contact!.id, status: "open" }).returning();
    const [row] = await db.insert(messages).values({ companyId, ticketId: ticket!.id, chatContactId: contact!.id, body: marker, providerId: `foreign-${companyId}` }).returning();
    return { id: row!.id, marker };
  },
  ticketNotes: async (db, companyId) => {
    const marker = `Foreign note ${companyId}`;
    const [contact] = await db.insert(contacts).values({ companyId, name: `Foreign Note Contact ${companyId}`, number: "5511966660000", canonicalNumber: "5511966660000" }).returning();
    const [ticket] = await db.insert(tickets).values({ companyId, contactId: contact!.id, status: "open" }).returning();
    const [row] = await db.insert(ticketNotes).values({ companyId, ticketId: ticket!.id, contactId: contact!.id, note: marker }).returning();
    return { id: row!.id, marker };
  },
  invoices: async (db, companyId) => {
    const marker = `Foreign invoice ${companyId}`;
    const [row] = await db.insert(invoices).values({ companyId, detail: marker, value: "10.00", dueDate: "2030-01-01", period: "2030-01-01" }).returning();
    return { id: row!.id, marker };
  },
  // A chat whose only member is a user of that company; its title and message carry the marker.
  chats: async (db, companyId) => {
    const marker = `Foreign chat ${companyId}`;
    const user = await createUser(db, companyId, { name: "Foreign Chat Owner", email: `foreign-chat-${companyId}@walk.test` });
    const [row] = await db.insert(chats).values({ companyId, title: marker, ownerId: user.id, lastMessage: marker }).returning();
    await db.insert(chatUsers).values({ companyId, chatId: row!.id, userId: user.id });
    await db.insert(chatMessages).values({ companyId, chatId: row!.id, senderId: user.id, message: marker });
    return { id: row!.id, marker, uuid: row!.uuid };
  },
  contactLists: async (db, companyId) => {
    const marker = `Foreign contact list ${companyId}`;
    const [row] = await db.insert(contactLists).values({ companyId, name: marker }).returning();
    return { id: row!.id, marker };
  },
  contactListItems: async (db, companyId) => {
    const marker = `Foreign list item ${companyId}`;
    const [list] = await db.insert(contactLists).values({ companyId, name: `Foreign list of items ${companyId}` }).returning();
    const [row] = await db.insert(contactListItems).values({ companyId, contactListId: list!.id, name: marker, number: "5511955550000" }).returning();
    return { id: row!.id, marker };
  },
  contactListImports: async (db, companyId) => {
    const marker = `foreign-list-import-${companyId}.xlsx`;
    const [list] = await db.insert(contactLists).values({ companyId, name: `Foreign imported list ${companyId}` }).returning();
    const [row] = await db.insert(contactListImports).values({ companyId, contactListId: list!.id, fileName: marker, filePath: "x" }).returning();
    return { id: row!.id, marker };
  },
  // A file list with one option row; the list's name and message carry the marker.
  files: async (db, companyId) => {
    const marker = `Foreign file list ${companyId}`;
    const [row] = await db.insert(files).values({ companyId, name: marker, message: marker }).returning();
    await db.insert(fileOptions).values({ companyId, fileId: row!.id, name: marker });
    return { id: row!.id, marker };
  },
  // An AI prompt whose name and instructions carry the marker (its key is a plain test value, never presented).
  prompts: async (db, companyId) => {
    const marker = `Foreign prompt ${companyId}`;
    const [row] = await db.insert(prompts).values({ companyId, name: marker, prompt: marker, apiKey: "not-sealed" }).returning();
    return { id: row!.id, marker };
  },
  // A schedule to a contact of that company; its text carries the marker.
  schedules: async (db, companyId) => {
    const marker = `Foreign schedule ${companyId}`;
    const [contact] = await db.insert(contacts).values({ companyId, name: `Foreign Schedule Contact ${companyId}`, number: "5511944440000", canonicalNumber: "5511944440000" }).returning();
    const [row] = await db.insert(schedules).values({ companyId, contactId: contact!.id, body: marker, sendAt: new Date("2030-01-01T12:00:00Z") }).returning();
    return { id: row!.id, marker };
  },
  // An INATIVA campaign whose name and message carry the marker.
  campaigns: async (db, companyId) => {
    const marker = `Foreign campaign ${companyId}`;
    const [row] = await db.insert(campaigns).values({ companyId, name: marker, message1: marker }).returning();
    return { id: row!.id, marker };
  },
  queueIntegrations: async (db, companyId) => {
    const marker = `Foreign integration ${companyId}`;
    const [row] = await db.insert(queueIntegrations).values({ companyId, type: "webhook", name: marker, projectName: marker, urlN8N: "http://127.0.0.1:9/hook" }).returning();
    return { id: row!.id, marker };
  },
};
