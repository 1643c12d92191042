import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Working hours of one weekday (spec: weekday, weekdayEn, startTime, endTime as HH:MM). */
export interface WorkingHours {
  weekday: string;
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const plans = pgTable("plans", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  users: integer("users").notNull().default(10),
  connections: integer("connections").notNull().default(10),
  queues: integer("queues").notNull().default(10),
  value: numeric("value", { precision: 12, scale: 2 }).notNull().default("0"),
  isPublic: boolean("is_public").notNull().default(true),
  useCampaigns: boolean("use_campaigns").notNull().default(false),
  useKanban: boolean("use_kanban").notNull().default(false),
  useOpenAi: boolean("use_open_ai").notNull().default(false),
  useIntegrations: boolean("use_integrations").notNull().default(false),
  useSchedules: boolean("use_schedules").notNull().default(false),
  useInternalChat: boolean("use_internal_chat").notNull().default(false),
  useExternalApi: boolean("use_external_api").notNull().default(false),
  useInternal: boolean("use_internal").notNull().default(false),
  ...timestamps,
});

export const companies = pgTable("companies", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  email: text("email"),
  phone: text("phone"),
  planId: integer("plan_id").references(() => plans.id),
  /** Active (true) or blocked by the platform. */
  status: boolean("status").notNull().default(true),
  approved: boolean("approved").notNull().default(true),
  dueDate: date("due_date", { mode: "string" }),
  recurrence: text("recurrence").notNull().default("MENSAL"),
  campaignsEnabled: boolean("campaigns_enabled").notNull().default(true),
  /** The company that owns the platform (super admin, global settings). */
  isPlatform: boolean("is_platform").notNull().default(false),
  /** Company working hours, used when the setting scheduleType is "company". */
  schedules: jsonb("schedules").$type<WorkingHours[]>(),
  ...timestamps,
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Lower-cased; unique across the platform because login is by e-mail. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    profile: text("profile", { enum: ["user", "supervisor", "admin"] }).notNull().default("user"),
    super: boolean("super").notNull().default(false),
    allTicket: text("all_ticket", { enum: ["enabled", "disabled"] }).notNull().default("disabled"),
    whatsappId: integer("whatsapp_id"),
    online: boolean("online").notNull().default(false),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_email_key").on(t.email), index("users_company_id_idx").on(t.companyId)],
);

export const settings = pgTable(
  "settings",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: text("value").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("settings_company_key").on(t.companyId, t.key)],
);

/** One row per signed-in browser; revoking it ends the access tokens and refresh tokens issued to it. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
  },
  (t) => [
    index("sessions_user_active_idx")
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/** The refresh-token family of a session: each use marks the row used and issues its successor. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("refresh_tokens_hash_key").on(t.tokenHash), index("refresh_tokens_session_idx").on(t.sessionId)],
);

export const queues = pgTable(
  "queues",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    greetingMessage: text("greeting_message").notNull().default(""),
    outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
    /** The queue's own farewell and rating question; empty: the connection's (tickets/flow/ticket-hooks.ts). */
    complationMessage: text("complation_message").notNull().default(""),
    ratingMessage: text("rating_message").notNull().default(""),
    /** The core spec's queue token: an opaque label an outside system may match on; nothing here reads it (docs/DECISIONS.md). */
    token: text("token").notNull().default(""),
    orderQueue: integer("order_queue"),
    /** Links filled by the integrations and prompts features. */
    integrationId: integer("integration_id").references(() => queueIntegrations.id, { onDelete: "set null" }),
    promptId: integer("prompt_id"),
    schedules: jsonb("schedules").$type<WorkingHours[]>().notNull().default([]),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("queues_company_name_key").on(t.companyId, t.name),
    uniqueIndex("queues_company_color_key").on(t.companyId, t.color),
  ],
);

export const userQueues = pgTable(
  "user_queues",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] }), index("user_queues_queue_idx").on(t.queueId)],
);

export const contacts = pgTable(
  "contacts",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Digits only, E.164 without the plus, as shown to people. Empty for contacts known only by LID. */
    number: text("number").notNull().default(""),
    /** The identity key: the number with Brazilian mobiles always carrying the ninth digit (see shared phone rules). */
    canonicalNumber: text("canonical_number"),
    /** WhatsApp's LID identity, when known. */
    lid: text("lid"),
    email: text("email").notNull().default(""),
    profilePicUrl: text("profile_pic_url"),
    isGroup: boolean("is_group").notNull().default(false),
    active: boolean("active").notNull().default(true),
    whatsappId: integer("whatsapp_id"),
    /** Groups (the /transcribe page, ai/summaries/): transcribe the group's voice notes, and its daily summary. */
    activeTranscribe: boolean("active_transcribe").notNull().default(false),
    resumeGroup: boolean("resume_group").notNull().default(false),
    /** HH:MM:SS, the server's local time of day the summary goes out. */
    timeResume: text("time_resume"),
    resumeProvider: text("resume_provider", { enum: ["openai", "gemini", "openrouter"] }),
    resumeModel: text("resume_model"),
    /** The provider key, sealed (secret box, bound to the contact); never presented. */
    resumeKey: text("resume_key"),
    resumeMaxTokens: integer("resume_max_tokens").notNull().default(2000),
    resumeTemperature: doublePrecision("resume_temperature").notNull().default(0.7),
    resumePrompt: text("resume_prompt"),
    /** The last day (YYYY-MM-DD) a summary was claimed: a day's summary is sent once, whatever restarts happen. */
    resumeLastDate: text("resume_last_date"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("contacts_company_canonical_key").on(t.companyId, t.canonicalNumber),
    uniqueIndex("contacts_company_lid_key").on(t.companyId, t.lid),
    index("contacts_company_name_idx").on(t.companyId, t.name),
    // The dashboard's new contacts of a period.
    index("contacts_company_created_idx").on(t.companyId, t.createdAt),
  ],
);

export const contactExtraInfo = pgTable(
  "contact_extra_info",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    value: text("value").notNull().default(""),
    ...timestamps,
  },
  (t) => [index("contact_extra_info_contact_idx").on(t.contactId)],
);

/** A spreadsheet import: progress and the per-row report the contacts page shows. */
export const contactImports = pgTable(
  "contact_imports",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    filePath: text("file_path").notNull(),
    status: text("status", { enum: ["queued", "running", "done", "failed"] }).notNull().default("queued"),
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    rejected: jsonb("rejected").$type<{ row: number; reason: string; value?: string }[]>().notNull().default([]),
    error: text("error"),
    ...timestamps,
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("contact_imports_company_idx").on(t.companyId)],
);

/** A contact list: the audience of campaigns (spec: ContactList). */
export const contactLists = pgTable(
  "contact_lists",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    ...timestamps,
  },
  (t) => [index("contact_lists_company_idx").on(t.companyId, t.name)],
);

/** One person of a contact list (spec: ContactListItem). */
export const contactListItems = pgTable(
  "contact_list_items",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contactListId: integer("contact_list_id")
      .notNull()
      .references(() => contactLists.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Digits only, canonical (Brazilian mobiles with the ninth digit), so a number appears once per list. */
    number: text("number").notNull(),
    email: text("email").notNull().default(""),
    /** Null until a connected connection has checked the number. */
    isWhatsappValid: boolean("is_whatsapp_valid"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("contact_list_items_list_number_key").on(t.contactListId, t.number),
    index("contact_list_items_company_list_idx").on(t.companyId, t.contactListId, t.name),
  ],
);

/** A spreadsheet import into a contact list: progress and the per-row report. */
export const contactListImports = pgTable(
  "contact_list_imports",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contactListId: integer("contact_list_id")
      .notNull()
      .references(() => contactLists.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    filePath: text("file_path").notNull(),
    status: text("status", { enum: ["queued", "running", "done", "failed"] }).notNull().default("queued"),
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    duplicates: integer("duplicates").notNull().default(0),
    invalid: integer("invalid").notNull().default(0),
    /** The first rows of the report (CONTACT_LIST_IMPORT_REPORT_LIMIT); the counters cover them all. */
    rows: jsonb("rows")
      .$type<{ row: number; status: "imported" | "duplicate" | "invalid-number"; name?: string; number?: string }[]>()
      .notNull()
      .default([]),
    error: text("error"),
    ...timestamps,
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("contact_list_imports_list_idx").on(t.companyId, t.contactListId)],
);

export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    kanban: boolean("kanban").notNull().default(false),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("tags_company_name_key").on(t.companyId, t.name)],
);

export const quickMessages = pgTable(
  "quick_messages",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    shortcode: text("shortcode").notNull(),
    message: text("message").notNull().default(""),
    /** General: offered to everyone in the company; otherwise only to its author. */
    geral: boolean("geral").notNull().default(false),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    ...timestamps,
  },
  (t) => [index("quick_messages_company_idx").on(t.companyId)],
);

/** A WhatsApp connection (spec: WhatsApp connection entity). Credentials live in whatsapp_auth_*, never here. */
export const whatsapps = pgTable(
  "whatsapps",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The connected phone's number (digits), once known. */
    number: text("number").notNull().default(""),
    status: text("status", { enum: ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING", "CONNECTED"] })
      .notNull()
      .default("DISCONNECTED"),
    qrcode: text("qrcode").notNull().default(""),
    pairingCode: text("pairing_code").notNull().default(""),
    retries: integer("retries").notNull().default(0),
    isDefault: boolean("is_default").notNull().default(false),
    /** SHA-256 (hex) of the connection's external API token (public-api/); the token itself is shown once, never stored. */
    token: text("token"),
    provider: text("provider", { enum: ["beta", "simulator", "cloudapi"] }).notNull().default("beta"),
    greetingMessage: text("greeting_message").notNull().default(""),
    complationMessage: text("complation_message").notNull().default(""),
    outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
    ratingMessage: text("rating_message").notNull().default(""),
    expiresInactiveMessage: text("expires_inactive_message").notNull().default(""),
    expiresTicket: integer("expires_ticket").notNull().default(0),
    timeUseBotQueues: integer("time_use_bot_queues").notNull().default(0),
    maxUseBotQueues: integer("max_use_bot_queues").notNull().default(3),
    timeToTransfer: integer("time_to_transfer"),
    transferQueueId: integer("transfer_queue_id").references(() => queues.id, { onDelete: "set null" }),
    promptId: integer("prompt_id"),
    activeTranscribe: boolean("active_transcribe").notNull().default(false),
    transcribe: boolean("transcribe").notNull().default(false),
    transcribeme: boolean("transcribeme").notNull().default(false),
    /** A provider key: presented as "set or not", never sent back. */
    transcribekey: text("transcribekey"),
    transcribeprovider: text("transcribeprovider", { enum: ["openai", "deepgram", "assemblyai"] }),
    sendme: boolean("sendme").notNull().default(false),
    timeforagroup: integer("timeforagroup").notNull().default(5),
    timeresume: text("timeresume"),
    /** Why the connection is not working (a Cloud API error such as an expired token), shown on the card. */
    statusReason: text("status_reason"),
    /** Cloud API (whatsapp/cloudapi/): Meta's ids; token and app secret sealed (cloud-secrets.ts), never presented. */
    cloudPhoneNumberId: text("cloud_phone_number_id"),
    cloudBusinessAccountId: text("cloud_business_account_id"),
    cloudAccessToken: text("cloud_access_token"),
    cloudAppSecret: text("cloud_app_secret"),
    cloudVerifyToken: text("cloud_verify_token"),
    /** The random path segment of the connection's webhook URL (/webhooks/whatsapp-cloud/{key}). */
    cloudWebhookKey: text("cloud_webhook_key"),
    cloudWebhookVerifiedAt: timestamp("cloud_webhook_verified_at", { withTimezone: true }),
    cloudDisplayName: text("cloud_display_name"),
    cloudQualityRating: text("cloud_quality_rating"),
    /** The approved message templates as GET /{waba-id}/message_templates listed them (cache). */
    cloudTemplates: jsonb("cloud_templates"),
    /** The outbox's pace for this number in messages/s (messages/outbox-pace.ts); null: OUTBOX_RATE_PER_CONNECTION (the simulator: unpaced). */
    sendRatePerSecond: doublePrecision("send_rate_per_second"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("whatsapps_company_name_key").on(t.companyId, t.name),
    uniqueIndex("whatsapps_cloud_webhook_key").on(t.cloudWebhookKey),
    // Exactly one default connection per company: at most one by this index, at least one by the services.
    uniqueIndex("whatsapps_company_default_key")
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
  ],
);

export const whatsappQueues = pgTable(
  "whatsapp_queues",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.queueId] }), index("whatsapp_queues_queue_idx").on(t.queueId)],
);

/**
 * Meta's webhook deliveries for Cloud API connections, stored before the endpoint answers 200 and deleted once their
 * events are ingested (whatsapp/cloudapi/cloud-webhook-inbox.ts): a crash in between replays them at the session's
 * next start instead of losing what Meta will not send again.
 */
export const cloudWebhookInbox = pgTable(
  "cloud_webhook_inbox",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cloud_webhook_inbox_whatsapp_idx").on(t.whatsappId, t.id)],
);

/** Who runs a connection's live session: one process at a time, renewed while it lives (session ownership). */
export const sessionLeases = pgTable("session_leases", {
  whatsappId: integer("whatsapp_id")
    .primaryKey()
    .references(() => whatsapps.id, { onDelete: "cascade" }),
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  acquiredAt: timestamp("acquired_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Baileys auth state: creds and signal keys, each value encrypted at rest (AES-256-GCM, key from configuration). */
export const whatsappAuthKeys = pgTable(
  "whatsapp_auth_keys",
  {
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    /** "creds" for the credentials, else the signal key type (pre-key, session, sender-key, app-state-sync-key, ...). */
    type: text("type").notNull(),
    keyId: text("key_id").notNull(),
    value: text("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.type, t.keyId] })],
);

/** Messages we sent, kept so a provider can answer the recipient's retry requests (Baileys getMessage). */
export const whatsappSentMessages = pgTable(
  "whatsapp_sent_messages",
  {
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    /** Encrypted like the auth keys. */
    payload: text("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.messageId] }), index("whatsapp_sent_messages_created_idx").on(t.createdAt)],
);

/** The simulator's virtual customers (and groups) of a connection. */
export const simulatorContacts = pgTable(
  "simulator_contacts",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Digits for a customer; a group id (digits-digits) for a group. */
    number: text("number").notNull(),
    isGroup: boolean("is_group").notNull().default(false),
    /** Group members (numbers of other simulator contacts). */
    members: jsonb("members").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("simulator_contacts_wapp_number_key").on(t.whatsappId, t.number)],
);

/** The simulator's side of each chat: what customers sent and what they received, with acks and reactions. */
export const simulatorMessages = pgTable(
  "simulator_messages",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    /** The customer's (or group's) number. */
    chat: text("chat").notNull(),
    /** The provider message id both sides use. */
    messageId: text("message_id").notNull(),
    /** in: from the customer to the connection; out: from the connection to the customer. */
    direction: text("direction", { enum: ["in", "out"] }).notNull(),
    /** For group messages from customers: who wrote it. */
    author: text("author"),
    type: text("type").notNull().default("text"),
    body: text("body").notNull().default(""),
    /** Media, location, contact card, quoted id, ...: the normalised message content. */
    content: jsonb("content").$type<Record<string, unknown>>().notNull().default({}),
    ack: integer("ack").notNull().default(0),
    edited: boolean("edited").notNull().default(false),
    deleted: boolean("deleted").notNull().default(false),
    reactions: jsonb("reactions").$type<{ from: string; emoji: string }[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("simulator_messages_wapp_message_key").on(t.whatsappId, t.messageId),
    index("simulator_messages_chat_idx").on(t.whatsappId, t.chat, t.createdAt),
  ],
);

export const TICKET_STATUSES = ["pending", "open", "closed"] as const;
/** Where the automatic conversation stands (the bot, as a persisted state machine; see tickets/flow/). */
export const FLOW_STEPS = ["menu", "rating"] as const;

/** A conversation with one contact (or group) on one connection (spec: Ticket entity). */
export const tickets = pgTable(
  "tickets",
  {
    id: serial("id").primaryKey(),
    uuid: text("uuid")
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
    status: text("status", { enum: TICKET_STATUSES }).notNull().default("pending"),
    isGroup: boolean("is_group").notNull().default(false),
    lastMessage: text("last_message").notNull().default(""),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    unreadMessages: integer("unread_messages").notNull().default(0),
    /** The bot step the ticket is in (null: none); the spec's chatbot flag is `flowStep !== null`. */
    flowStep: text("flow_step", { enum: FLOW_STEPS }),
    /** Invalid menu answers so far (up to the connection's maxUseBotQueues). */
    flowAttempts: integer("flow_attempts").notNull().default(0),
    /** When the current step began: its timers (timeUseBotQueues, timeToTransfer) count from here. */
    flowStartedAt: timestamp("flow_started_at", { withTimezone: true }),
    /** The last customer message that the bot has already handled (grouping of consecutive messages). */
    flowHandledMessageId: integer("flow_handled_message_id"),
    lastCustomerMessageAt: timestamp("last_customer_message_at", { withTimezone: true }),
    useIntegration: boolean("use_integration").notNull().default(false),
    integrationId: integer("integration_id"),
    promptId: integer("prompt_id"),
    /** When an agent first took the ticket (set once, never cleared: the dashboard's waiting time ends here). */
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** The last close (a reopen keeps it; the next close replaces it). Shown only while closed. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("tickets_uuid_key").on(t.uuid),
    // The dashboard's period (tickets created between two instants).
    index("tickets_company_created_idx").on(t.companyId, t.createdAt),
    // One active ticket per contact and connection: enforced here, not by a read-then-write (design brief).
    uniqueIndex("tickets_one_active_key")
      .on(t.companyId, t.contactId, t.whatsappId)
      .where(sql`${t.status} <> 'closed'`),
    index("tickets_company_status_updated_idx").on(t.companyId, t.status, t.updatedAt),
    index("tickets_company_queue_status_updated_idx").on(t.companyId, t.queueId, t.status, t.updatedAt),
    index("tickets_company_user_status_updated_idx").on(t.companyId, t.userId, t.status, t.updatedAt),
    index("tickets_contact_idx").on(t.contactId),
  ],
);

export const MESSAGE_SEND_STATUSES = ["received", "queued", "sent", "failed"] as const;

/** One message of a ticket (spec: Message entity); inbound ones are unique per connection, chat and provider id. */
export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    /** The chat: the ticket's contact (the group's contact for groups); with the connection and providerId, the idempotency key. */
    chatContactId: integer("chat_contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    /** Who wrote it when not us: the customer, or in groups the member. */
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    /** The agent who sent it (null for customers, the bot and the phone). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The provider's message id; null for an outgoing message not yet sent. */
    providerId: text("provider_id"),
    body: text("body").notNull().default(""),
    fromMe: boolean("from_me").notNull().default(false),
    read: boolean("read").notNull().default(false),
    ack: integer("ack").notNull().default(0),
    /** received (inbound), queued (in the outbox), sent, failed (the outbox gave up; visible to the agent). */
    sendStatus: text("send_status", { enum: MESSAGE_SEND_STATUSES }).notNull().default("received"),
    sendError: text("send_error"),
    /** chat (text), image, audio, video, application, sticker, locationMessage, contactMessage, vcard, reactionMessage, call_log. */
    mediaType: text("media_type").notNull().default("chat"),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    mimetype: text("mimetype"),
    /** none, pending (download queued), ready, failed. */
    mediaStatus: text("media_status", { enum: ["none", "pending", "ready", "failed"] }).notNull().default("none"),
    /** Type-specific content: location, vcard, the provider's media reference, reaction target. */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    quotedMsgId: integer("quoted_msg_id"),
    /** The quoted provider id when the quoted message is not (yet) stored here. */
    quotedProviderId: text("quoted_provider_id"),
    isDeleted: boolean("is_deleted").notNull().default(false),
    isEdited: boolean("is_edited").notNull().default(false),
    isForwarded: boolean("is_forwarded").notNull().default(false),
    /** Sent by the bot or a rule (greeting, menu, rating...), not typed by anyone. */
    automatic: boolean("automatic").notNull().default(false),
    queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
    /** Voice notes (ai/transcription/): the transcript, null until there is one; its state, null when not asked for. */
    transcript: text("transcript"),
    transcriptStatus: text("transcript_status", { enum: ["pending", "done", "failed"] }),
    transcriptError: text("transcript_error"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("messages_provider_key").on(t.whatsappId, t.chatContactId, t.providerId),
    index("messages_ticket_created_idx").on(t.ticketId, t.createdAt),
    index("messages_company_idx").on(t.companyId),
    // The outbox (messages/send-queued-batch.ts): a chat's messages still queued, oldest first; only queued rows are in it.
    index("messages_outbox_chat_idx")
      .on(t.whatsappId, t.chatContactId, t.id)
      .where(sql`${t.sendStatus} = 'queued'`),
    // The ticket search's transcript side (tickets/list-tickets.ts; body, name and number have theirs in 0005): only
    // messages that have a transcript are in it.
    index("messages_transcript_trgm_idx")
      .using("gin", t.transcript.op("gin_trgm_ops"))
      .where(sql`${t.transcript} is not null`),
  ],
);

/** Tags on tickets (tags page counts, ticket tag editor, kanban). */
export const ticketTags = pgTable(
  "ticket_tags",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.tagId] }), index("ticket_tags_tag_idx").on(t.tagId)],
);

/** A customer's 1–5 answer to the rating message, for the agent who closed the ticket. */
export const ticketRatings = pgTable(
  "ticket_ratings",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    rate: integer("rate").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ticket_ratings_ticket_key").on(t.ticketId),
    // The dashboard's ratings of a period.
    index("ticket_ratings_company_created_idx").on(t.companyId, t.createdAt),
  ],
);

/** An agent's internal note on a ticket (spec: Ticket note); never sent to the customer. */
export const ticketNotes = pgTable(
  "ticket_notes",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull(),
    ...timestamps,
  },
  (t) => [index("ticket_notes_ticket_idx").on(t.ticketId), index("ticket_notes_contact_idx").on(t.contactId)],
);

// --- announcements (platform-wide: written by super users, read by every user of every company) ---

/** An announcement (administration section 3). Not a tenant row: every company's users see the active ones. */
export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    /** 1 high, 2 medium, 3 low. */
    priority: integer("priority").notNull().default(3),
    /** Active (true) or inactive. */
    status: boolean("status").notNull().default(true),
    /** The attachment in file storage (under the uploading super user's company), its display name and detected type. */
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    mediaType: text("media_type"),
    ...timestamps,
  },
  (t) => [index("announcements_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst())],
);

/** Which announcements a user has opened (the bell's unread count follows the user across browsers). */
export const announcementReads = pgTable(
  "announcement_reads",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    announcementId: integer("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] }), index("announcement_reads_announcement_idx").on(t.announcementId)],
);

// --- helps (platform-wide help videos, written by super users) ---

/** A help video (administration section 3, Help entry); `video` is a YouTube id. */
export const helps = pgTable("helps", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  video: text("video").notNull(),
  ...timestamps,
});

// --- logos (platform-wide, uploaded by super users; settings/logos/) ---

/** The current logo of each destination (login, signup, interno, favicon, …); a missing row means the built-in one. */
export const platformLogos = pgTable("platform_logos", {
  destination: text("destination").primaryKey(),
  /** In file storage, under the platform company's logos area. */
  path: text("path").notNull(),
  contentType: text("content_type").notNull(),
  ...timestamps,
});

// --- accounts (signup and password reset): one-time codes sent by e-mail ---

export const EMAIL_CODE_PURPOSES = ["signup", "reset"] as const;
export type EmailCodePurpose = (typeof EMAIL_CODE_PURPOSES)[number];

/**
 * A 6-digit code mailed to an address (signup verification, password reset). Not a tenant row: it exists before
 * the account does, and every query on it is unscoped by design. Only an HMAC of the code is stored.
 */
export const emailCodes = pgTable(
  "email_codes",
  {
    id: serial("id").primaryKey(),
    purpose: text("purpose", { enum: EMAIL_CODE_PURPOSES }).notNull(),
    email: text("email").notNull(),
    /** HMAC-SHA-256 of purpose, e-mail and code under the server's secret: a copy of the table does not give codes. */
    codeHash: text("code_hash").notNull(),
    /** The account a reset code is for; null for signup, and for a reset asked for an unknown e-mail (never valid). */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Wrong tries so far; the code is dead at the limit. */
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Signup: when the code was verified (the registration must follow within a window). */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** Spent (registration done, password reset, or replaced by a newer code). */
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_codes_purpose_email_idx").on(t.purpose, t.email, t.createdAt.desc().nullsFirst())],
);

// --- billing (invoices, Pix payments, payment-provider webhooks; billing/) ---

/**
 * One invoice per company and billing period (administration section 3, Invoice). `period` is the company's due date
 * the invoice pays for (yyyy-MM-dd): the unique key (company, period) makes the invoice job safe to run twice.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    detail: text("detail").notNull(),
    value: numeric("value", { precision: 12, scale: 2 }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    status: text("status", { enum: ["open", "paid"] }).notNull().default("open"),
    period: text("period").notNull(),
    /** The provider that issued the current charge ("pix-static" or "asaas") and its payment id (Asaas only). */
    provider: text("provider"),
    providerPaymentId: text("provider_payment_id"),
    /** The Pix copy-and-paste code (BR Code) of the current charge. */
    pixCode: text("pix_code"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("invoices_company_period_key").on(t.companyId, t.period),
    uniqueIndex("invoices_provider_payment_key").on(t.provider, t.providerPaymentId),
    index("invoices_company_due_idx").on(t.companyId, t.dueDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Every payment-provider notification we acted on: a redelivered one (same provider and event id) changes nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    event: text("event").notNull(),
    providerPaymentId: text("provider_payment_id"),
    invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    /** applied (the invoice was paid now), ignored (not a payment confirmation, or already paid), rejected (amount mismatch, unknown payment). */
    outcome: text("outcome").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_events_provider_event_key").on(t.provider, t.eventId)],
);

// --- internal chats (chats/): conversations between users of one company ---

/** An internal chat (administration section 3, Chat). The owner is its creator and always one of its members. */
export const chats = pgTable(
  "chats",
  {
    id: serial("id").primaryKey(),
    uuid: text("uuid")
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    lastMessage: text("last_message").notNull().default(""),
    ...timestamps,
  },
  (t) => [uniqueIndex("chats_uuid_key").on(t.uuid), index("chats_company_updated_idx").on(t.companyId, t.updatedAt.desc().nullsFirst())],
);

/** A member of a chat and how many of its messages they have not read yet. */
export const chatUsers = pgTable(
  "chat_users",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unreads: integer("unreads").notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index("chat_users_user_idx").on(t.userId, t.chatId)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    ...timestamps,
  },
  // Paging newest first within a chat.
  (t) => [index("chat_messages_chat_id_idx").on(t.chatId, t.id.desc().nullsFirst())],
);

// --- file lists (files/): named sets of files a campaign sends after its message ---

/** A file list (administration section 3, File list): a name, a message and its option rows. */
export const files = pgTable(
  "files",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    message: text("message").notNull().default(""),
    ...timestamps,
  },
  (t) => [index("files_company_name_idx").on(t.companyId, t.name)],
);

/** One file of a file list: its display name, the stored file (`path` in file storage, null until uploaded) and its detected type. */
export const fileOptions = pgTable(
  "file_options",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    fileId: integer("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    path: text("path"),
    mediaType: text("media_type"),
    ...timestamps,
  },
  (t) => [index("file_options_file_idx").on(t.fileId, t.id)],
);

// --- AI prompts (ai/): a queue's AI answers and the tokens they use ---

/**
 * An AI prompt (administration section 3, Prompt): instructions and limits for the model answering one queue.
 * `apiKey` and `voiceKey` are sealed with the secret box (ai/prompt-secrets.ts), never presented.
 */
export const prompts = pgTable(
  "prompts",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prompt: text("prompt").notNull(),
    /** "texto" (text only) or one of the pt-BR neural voices (PROMPT_VOICES). */
    voice: text("voice").notNull().default("texto"),
    voiceKey: text("voice_key"),
    voiceRegion: text("voice_region").notNull().default(""),
    maxTokens: integer("max_tokens").notNull().default(100),
    temperature: numeric("temperature", { precision: 3, scale: 2, mode: "number" }).notNull().default(1),
    apiKey: text("api_key").notNull(),
    /** The queue it answers; a deleted queue leaves the prompt without one until it is edited. */
    queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
    maxMessages: integer("max_messages").notNull().default(10),
    ...timestamps,
  },
  (t) => [index("prompts_company_name_idx").on(t.companyId, t.name)],
);

/** Tokens one AI answer used (prompts, summaries): one row per call, summed per company. */
export const aiUsage = pgTable(
  "ai_usage",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** What asked: "prompt", "openaiassist", "summary", … */
    source: text("source").notNull(),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    ticketId: integer("ticket_id").references(() => tickets.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ai_usage_company_created_idx").on(t.companyId, t.createdAt)],
);

// --- schedules (schedules/): a message to one contact at a set time, sent by a pg-boss job ---

/** The shared package's SCHEDULE_STATUSES (the schema imports nothing from it; the presenter's type checks they agree). */
export const SCHEDULE_STATUS_VALUES = ["PENDENTE", "ENVIADA", "ERRO", "EXPIRADO"] as const;

/** A scheduled message (administration section 3, Schedule). `sentAt` set means handed to the outbox: read-only. */
export const schedules = pgTable(
  "schedules",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    /** The ticket the message went to (set when sent). */
    ticketId: integer("ticket_id").references(() => tickets.id, { onDelete: "set null" }),
    /** Who scheduled it: the message goes out as theirs. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The connection chosen; null: the company's default at send time. */
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    status: text("status", { enum: SCHEDULE_STATUS_VALUES }).notNull().default("PENDENTE"),
    /** Why it ended ERRO or EXPIRADO (an error code). */
    error: text("error"),
    /** The outbox message it became. */
    messageId: integer("message_id").references(() => messages.id, { onDelete: "set null" }),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    /** png or jpeg, from the file's bytes at upload. */
    mediaType: text("media_type"),
    /** Cloud API: the template sent instead when the contact's 24-hour window is closed. */
    templateName: text("template_name"),
    templateLanguage: text("template_language"),
    templateVariables: jsonb("template_variables").$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    index("schedules_company_send_at_idx").on(t.companyId, t.sendAt),
    index("schedules_contact_idx").on(t.contactId),
    // The start-up catch-up: pending schedules already due.
    index("schedules_pending_send_at_idx").on(t.sendAt).where(sql`${t.status} = 'PENDENTE'`),
  ],
);

// --- queue integrations (integrations/): the outside services that can hold a queue's conversation ---

/**
 * A queue integration (administration section 3): one of the seven types with its per-type fields. `jsonContent`,
 * `apidify`, `openaikey` and `webhookSecret` are sealed with the secret box (integrations/integration-secrets.ts),
 * presented masked only.
 */
export const queueIntegrations = pgTable(
  "queue_integrations",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["dialogflow", "n8n", "webhook", "flowise", "dify", "openaiassist", "typebot"] }).notNull(),
    name: text("name").notNull(),
    projectName: text("project_name").notNull().default(""),
    language: text("language").notNull().default("pt-BR"),
    jsonContent: text("json_content"),
    urlN8N: text("url_n8n").notNull().default(""),
    urlflowise: text("urlflowise").notNull().default(""),
    urldify: text("urldify").notNull().default(""),
    apidify: text("apidify"),
    openaiid: text("openaiid").notNull().default(""),
    openaikey: text("openaikey"),
    transcribes: boolean("transcribes").notNull().default(false),
    typebotSlug: text("typebot_slug").notNull().default(""),
    typebotExpires: integer("typebot_expires").notNull().default(1),
    typebotDelayMessage: integer("typebot_delay_message").notNull().default(1000),
    typebotKeywordFinish: text("typebot_keyword_finish").notNull().default(""),
    typebotKeywordRestart: text("typebot_keyword_restart").notNull().default(""),
    typebotUnknownMessage: text("typebot_unknown_message").notNull().default(""),
    typebotRestartMessage: text("typebot_restart_message").notNull().default(""),
    /** webhook and n8n: the HMAC key of `X-Atendo-Signature`, sealed. */
    webhookSecret: text("webhook_secret"),
    ...timestamps,
  },
  (t) => [index("queue_integrations_company_name_idx").on(t.companyId, t.name)],
);

/**
 * Where an integration or AI prompt stands in one ticket's conversation (integrations/run-conversation-turn.ts): the
 * adapter's own state (Typebot session, Dify conversation, thread …), the last customer message answered, and a
 * short claim so that one ticket's turns never run at once (any process) and keep their order.
 */
export const ticketBotStates = pgTable("ticket_bot_states", {
  ticketId: integer("ticket_id")
    .primaryKey()
    .references(() => tickets.id, { onDelete: "cascade" }),
  companyId: integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  /** "integration" or "prompt", with the id it runs (the ticket's integrationId / promptId when it started). */
  kind: text("kind", { enum: ["integration", "prompt"] }).notNull(),
  targetId: integer("target_id").notNull(),
  state: jsonb("state").$type<Record<string, unknown>>().notNull().default({}),
  /** Customer messages up to this id are answered; the next turn takes the first one after it. */
  handledMessageId: integer("handled_message_id").notNull().default(0),
  /** The turn started without a customer message (an entry by transfer) still has to run. */
  pendingStart: boolean("pending_start").notNull().default(false),
  /** A running turn holds the ticket until then (database clock); a crashed one's claim lapses. */
  claimedUntil: timestamp("claimed_until", { withTimezone: true }),
  ...timestamps,
});

// --- campaigns (campaigns/): bulk sends to a contact list or a tag's contacts, paced, once per contact ---

export const CAMPAIGN_STATUS_VALUES = ["INATIVA", "PROGRAMADA", "EM_ANDAMENTO", "CANCELADA", "FINALIZADA"] as const;

/** A campaign (administration section 3): its variants, audience, connection, schedule and status. */
export const campaigns = pgTable(
  "campaigns",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    message1: text("message1"),
    message2: text("message2"),
    message3: text("message3"),
    message4: text("message4"),
    message5: text("message5"),
    confirmationMessage1: text("confirmation_message1"),
    confirmationMessage2: text("confirmation_message2"),
    confirmationMessage3: text("confirmation_message3"),
    confirmationMessage4: text("confirmation_message4"),
    confirmationMessage5: text("confirmation_message5"),
    status: text("status", { enum: CAMPAIGN_STATUS_VALUES }).notNull().default("INATIVA"),
    confirmation: boolean("confirmation").notNull().default(false),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    contactListId: integer("contact_list_id").references(() => contactLists.id, { onDelete: "set null" }),
    tagListId: integer("tag_list_id").references(() => tags.id, { onDelete: "set null" }),
    fileListId: integer("file_list_id").references(() => files.id, { onDelete: "set null" }),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    mediaType: text("media_type"),
    /** When every contact of the audience has its shipping row (a restart clears it and dispatches again). */
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
    /** Cloud API: the template for contacts outside the 24-hour window; its {{n}} texts may hold {nome}, {numero}, {email}. */
    templateName: text("template_name"),
    templateLanguage: text("template_language"),
    templateVariables: jsonb("template_variables").$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index("campaigns_company_created_idx").on(t.companyId, t.id.desc().nullsFirst())],
);

/** Campaign settings (administration section 3): key/value per company (intervals, variables, opt-out words). */
export const campaignSettings = pgTable(
  "campaign_settings",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: jsonb("value").$type<unknown>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("campaign_settings_company_key").on(t.companyId, t.key)],
);

export const CAMPAIGN_SHIPPING_STATUSES = [
  "pending",
  "awaiting-confirmation",
  "confirmed",
  "delivered",
  "failed",
  "opted-out",
  "invalid",
] as const;

/**
 * One contact of a campaign (spec: shipping entries). Unique per (campaign, number): whatever runs the campaign
 * (a retry, a restart, a second process) finds the row and sends nothing twice. `sequence` and `dueAt` are the
 * pacing, computed when dispatching and kept here so every process keeps the same spacing.
 */
export const campaignShippings = pgTable(
  "campaign_shippings",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    /** Canonical digits (Brazilian mobiles with the ninth digit). */
    number: text("number").notNull(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    /** The contact once known (tag audiences from the start; list items when the message is queued). */
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    ticketId: integer("ticket_id").references(() => tickets.id, { onDelete: "set null" }),
    /** The campaign message in the outbox (its send status says whether it reached WhatsApp). */
    messageId: integer("message_id").references(() => messages.id, { onDelete: "set null" }),
    status: text("status", { enum: CAMPAIGN_SHIPPING_STATUSES }).notNull().default("pending"),
    sequence: integer("sequence").notNull().default(0),
    dueAt: timestamp("due_at", { withTimezone: true }),
    confirmationRequestedAt: timestamp("confirmation_requested_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** Why it failed or was skipped (an error code or a short reason). */
    failureReason: text("failure_reason"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("campaign_shippings_campaign_number_key").on(t.campaignId, t.number),
    index("campaign_shippings_campaign_status_idx").on(t.campaignId, t.status, t.sequence),
    // A customer's message looks up the confirmations it answers.
    index("campaign_shippings_awaiting_idx")
      .on(t.companyId, t.contactId)
      .where(sql`${t.status} = 'awaiting-confirmation'`),
  ],
);

/** Numbers that answered an opt-out word: later campaigns skip them. */
export const campaignOptOuts = pgTable(
  "campaign_opt_outs",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    word: text("word").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("campaign_opt_outs_company_number_key").on(t.companyId, t.number)],
);
