import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

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
