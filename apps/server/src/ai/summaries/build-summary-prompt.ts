import { and, asc, eq, gte, lte } from "drizzle-orm";
import { SUMMARY_MESSAGES_PLACEHOLDER, SUMMARY_PROMPT_DEFAULT } from "@atendo/shared";
import type { DbOrTx } from "../../db/client.js";
import { inCompany } from "../../db/tenant.js";
import { contacts, messages, users } from "../../db/schema.js";

/** What goes to the model at most: the last lines of the day, each cut short (the template asks for 10 × 10). */
export const SUMMARY_MAX_LINES = 800;
const LINE_MAX_CHARS = 500;

const pad = (n: number) => String(n).padStart(2, "0");
/** DD/MM HH:mm on the server's clock (spec 9: dates DD/MM). */
const stamp = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;

export interface GroupDay {
  /** The ticket the group's latest message of the window is in: the summary is kept there. */
  ticketId: number;
  lines: string[];
}

/**
 * The group's messages of the 24 hours before `until`, as "DD/MM HH:mm - Author: text" lines: texts, captions and
 * voice-note transcripts; our own automatic messages (earlier summaries, the bot) are left out. Null when the
 * day has nothing to summarise.
 */
export async function loadGroupDay(db: DbOrTx, companyId: number, groupId: number, until: Date): Promise<GroupDay | null> {
  const since = new Date(until.getTime() - 24 * 60 * 60 * 1000);
  const rows = await db
    .select({
      ticketId: messages.ticketId,
      body: messages.body,
      transcript: messages.transcript,
      fromMe: messages.fromMe,
      createdAt: messages.createdAt,
      author: contacts.name,
      agent: users.name,
    })
    .from(messages)
    .leftJoin(contacts, eq(contacts.id, messages.contactId))
    .leftJoin(users, eq(users.id, messages.userId))
    .where(
      inCompany(
        messages,
        companyId,
        and(
          eq(messages.chatContactId, groupId),
          eq(messages.isDeleted, false),
          eq(messages.automatic, false),
          gte(messages.createdAt, since),
          lte(messages.createdAt, until),
        ),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const lines: string[] = [];
  let ticketId: number | null = null;
  for (const row of rows) {
    const text = [row.body, row.transcript].filter((t): t is string => Boolean(t && t.trim())).join(" ").replace(/\s+/g, " ").trim();
    if (!text) continue;
    const who = row.fromMe ? (row.agent ?? "Eu") : (row.author ?? "Participante");
    lines.push(`${stamp(row.createdAt)} - ${who}: ${text.slice(0, LINE_MAX_CHARS)}`);
    ticketId = row.ticketId;
  }
  if (lines.length === 0 || ticketId === null) return null;
  return { ticketId, lines: lines.slice(-SUMMARY_MAX_LINES) };
}

/** The group's template (or the default) with the day's lines in place of its messages placeholder. */
export function buildSummaryPrompt(template: string | null, lines: string[]): string {
  const base = template?.trim() ? template : SUMMARY_PROMPT_DEFAULT;
  const text = lines.join("\n");
  // A template without the placeholder still gets the messages, after it.
  return base.includes(SUMMARY_MESSAGES_PLACEHOLDER) ? base.split(SUMMARY_MESSAGES_PLACEHOLDER).join(text) : `${base}\n\n${text}`;
}
