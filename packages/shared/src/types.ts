import type { PlanFlags, Profile } from "./permissions.js";
import type { SettingEntry } from "./settings.js";

export interface PlanView extends PlanFlags {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: string;
}

export interface CompanyView {
  id: number;
  name: string;
  /** ISO date (yyyy-MM-dd) or null when the company has no due date (the platform company). */
  dueDate: string | null;
  settings: SettingEntry[];
  plan: PlanView | null;
}

/** The signed-in user, as /auth/login, /auth/refresh_token and /auth/me answer it. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  allTicket: "enabled" | "desabled";
  companyId: number;
  whatsappId: number | null;
  online: boolean;
  queues: { id: number; name: string; color: string }[];
  company: CompanyView;
}

export interface AuthResponse {
  token: string;
  /** The session this token belongs to; the client ignores second-login events about its own session. */
  sessionId: string;
  user: SessionUser;
}

export interface UserView {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  allTicket: "enabled" | "desabled";
  companyId: number;
  whatsappId: number | null;
  online: boolean;
  queues: { id: number; name: string; color: string }[];
  createdAt: string;
  updatedAt: string;
}

export type TicketPresence = "composing" | "recording";

/** A ticket as the server presents it (core-service section 3, Ticket). */
export interface TicketView {
  id: number;
  uuid: string;
  status: "pending" | "open" | "closed";
  userId: number | null;
  user: { id: number; name: string } | null;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  contactId: number;
  contact: { id: number; name: string; number: string; profilePicUrl: string | null; isGroup: boolean; email: string };
  lastMessage: string;
  lastMessageAt: string | null;
  unreadMessages: number;
  isGroup: boolean;
  /** The bot is talking (a menu or a rating question is waiting for the customer). */
  chatbot: boolean;
  tags: { id: number; name: string; color: string }[];
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  /** The customer's 1–5 answer to the rating message, once given. */
  rating: number | null;
  /**
   * Cloud API connections: when the customer's 24-hour window for free-form messages closes (their last message on
   * the connection + 24 h; in the past when closed, the epoch when they never wrote). Null for providers without one.
   */
  customerWindowExpiresAt: string | null;
}

export interface TicketPage {
  tickets: TicketView[];
  count: number;
  hasMore: boolean;
}

/** A message as the server presents it (core-service section 3, Message). */
export interface MessageView {
  id: number;
  ticketId: number;
  body: string;
  fromMe: boolean;
  read: boolean;
  /** 0 pending, 1–2 sent, 3 delivered, 4 read, 5 played. */
  ack: number;
  /** received, queued (in the outbox), sent, failed. */
  sendStatus: "received" | "queued" | "sent" | "failed";
  sendError: string | null;
  mediaType: string;
  /** Where the attachment is served (authenticated); null without one or while it is downloading. */
  mediaUrl: string | null;
  mediaName: string | null;
  mimetype: string | null;
  mediaStatus: "none" | "pending" | "ready" | "failed";
  /** Type-specific: location {latitude, longitude, name, address}, vcard {displayName, vcard}, reaction {emoji, targetId}, call {video, missed}. */
  data: Record<string, unknown>;
  quotedMsg: { id: number; body: string; fromMe: boolean; mediaType: string; contact: { id: number; name: string } | null } | null;
  isDeleted: boolean;
  isEdited: boolean;
  isForwarded: boolean;
  automatic: boolean;
  contact: { id: number; name: string } | null;
  user: { id: number; name: string } | null;
  queueId: number | null;
  /** Voice notes: the transcript (null until there is one) and its state (null when no transcription was asked for). */
  transcript: string | null;
  transcriptStatus: "pending" | "done" | "failed" | null;
  transcriptError: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface MessagePage {
  messages: MessageView[];
  ticket: TicketView;
  count: number;
  hasMore: boolean;
}

/** company-{id}-ticket */
export type TicketEventPayload =
  | { action: "update"; ticket: TicketView }
  | { action: "updateUnread"; ticketId: number }
  | { action: "delete"; ticketId: number };

/** company-{id}-appMessage */
export type AppMessageEventPayload =
  | { action: "create"; message: MessageView; ticket: TicketView }
  | { action: "update"; message: MessageView }
  | { action: "delete"; messageId: number; ticketId: number };

/** company-{id}-presence: what the customer is doing in a ticket's chat (null: stopped). */
export interface PresenceEventPayload {
  ticketId: number;
  presence: TicketPresence | null;
}

/** An internal note (core-service section 3, Ticket note). */
export interface TicketNoteView {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  user: { id: number; name: string } | null;
  createdAt: string;
}
