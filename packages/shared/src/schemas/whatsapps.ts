import { z } from "zod";
import { V } from "./messages.js";
import { idSchema, flexibleBoolean } from "./common.js";

/** Connection status (core-service section 4). */
export const WHATSAPP_STATUSES = ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING", "CONNECTED"] as const;
export type WhatsAppStatus = (typeof WHATSAPP_STATUSES)[number];

/** The side menu's connections item shows an alert while any connection is in one of these (spec 2). */
export const WHATSAPP_ALERT_STATUSES: readonly WhatsAppStatus[] = ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"];

/** "beta" is Baileys (the spec's default); "simulator" is the built-in virtual network; "cloudapi" Meta's official Cloud API. */
export const WHATSAPP_PROVIDERS = ["beta", "simulator", "cloudapi"] as const;
export type WhatsAppProvider = (typeof WHATSAPP_PROVIDERS)[number];

export const TRANSCRIBE_PROVIDERS = ["openai", "deepgram", "assemblyai"] as const;
export type TranscribeProvider = (typeof TRANSCRIBE_PROVIDERS)[number];

/** Connection defaults (core-service section 9). */
export const WHATSAPP_DEFAULTS = { maxUseBotQueues: 3, timeforagroup: 5, expiresTicket: 0, timeUseBotQueues: 0 } as const;
export const WHATSAPP_NAME_MIN = 2;
export const WHATSAPP_NAME_MAX = 50;
export const WHATSAPP_MESSAGE_MAX = 5_000;
/** The card shows this many queues before the "more" toggle (spec 9). */
export const WHATSAPP_CARD_QUEUES = 5;

/** What a provider can do; the client shows or hides actions by it. */
export interface WhatsAppCapabilities {
  qr: boolean;
  pairingCode: boolean;
  edit: boolean;
  delete: boolean;
  forward: boolean;
  presence: boolean;
  groups: boolean;
  numberCheck: boolean;
  templates: boolean;
  readReceipts: boolean;
}

const text = z.string({ error: V.invalid }).max(WHATSAPP_MESSAGE_MAX, V.tooLong);
const count = (max: number) => z.number({ error: V.invalid }).int(V.invalid).min(0, V.invalid).max(max, V.invalid);

export const whatsappNameSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .min(WHATSAPP_NAME_MIN, V.tooShort)
  .max(WHATSAPP_NAME_MAX, V.tooLong);

/**
 * The writable fields of a connection (spec 3). status, qrcode, number and retries belong to the session and are
 * never written through the API. transcribekey is write-only: answers say only `hasTranscribeKey`; null or ""
 * clears it. promptId names an AI prompt of the company (the server refuses any other id).
 */
const whatsappFields = {
  name: whatsappNameSchema,
  isDefault: flexibleBoolean,
  provider: z.enum(WHATSAPP_PROVIDERS, { error: V.invalid }),
  greetingMessage: text,
  complationMessage: text,
  outOfHoursMessage: text,
  ratingMessage: text,
  expiresInactiveMessage: text,
  expiresTicket: count(1_000_000),
  timeUseBotQueues: count(1_000_000),
  maxUseBotQueues: count(1_000),
  timeToTransfer: count(1_000_000).nullable(),
  transferQueueId: idSchema.nullable(),
  // An AI prompt of the company, or null (checked on the server: ERR_INVALID_PROMPT).
  promptId: idSchema.nullable(),
  activeTranscribe: flexibleBoolean,
  transcribe: flexibleBoolean,
  transcribeme: flexibleBoolean,
  transcribekey: z.string({ error: V.invalid }).trim().max(500, V.tooLong).nullable(),
  transcribeprovider: z.enum(TRANSCRIBE_PROVIDERS, { error: V.invalid }).nullable(),
  sendme: flexibleBoolean,
  timeforagroup: count(3_600),
  timeresume: z.string({ error: V.invalid }).trim().max(20, V.tooLong).nullable(),
  /**
   * The outbox's pace for this number, messages per second (fractions allowed: 0.5 is one every 2 s); null: the
   * server's default for its provider (OUTBOX_RATE_PER_CONNECTION for WhatsApp Web, 80 for the Cloud API, none for the
   * simulator).
   */
  sendRatePerSecond: z.number({ error: V.invalid }).min(0.1, V.invalid).max(1_000, V.invalid).nullable(),
  queueIds: z.array(idSchema, { error: V.invalid }).max(200, V.tooLong),
  /**
   * The spec's client sends the connection's API token with the other fields. Accepted so its save works, and ignored:
   * tokens are generated here (POST /whatsapp/{id}/api-token) so no typed token can collide with another company's.
   */
  token: z.string({ error: V.invalid }).max(500, V.tooLong).nullable(),
  // Cloud API (provider "cloudapi"): Meta's ids, and two write-only secrets (sealed at rest; null or "" clears).
  cloudPhoneNumberId: z.string({ error: V.invalid }).trim().regex(/^\d{1,30}$/, V.invalid).nullable(),
  cloudBusinessAccountId: z.string({ error: V.invalid }).trim().regex(/^\d{1,30}$/, V.invalid).nullable(),
  cloudAccessToken: z.string({ error: V.invalid }).trim().max(1_000, V.tooLong).nullable(),
  cloudAppSecret: z.string({ error: V.invalid }).trim().max(200, V.tooLong).nullable(),
};

/** PUT /whatsapp/{id}: only the fields sent change (the card sends only what changed). */
export const whatsappUpdateSchema = z.object(whatsappFields).partial().strict();
export type WhatsAppUpdateInput = z.infer<typeof whatsappUpdateSchema>;

/** POST /whatsapp: a name is required; everything else has its default (spec 9). */
export const whatsappCreateSchema = whatsappUpdateSchema.extend({ name: whatsappNameSchema });
export type WhatsAppCreateInput = z.infer<typeof whatsappCreateSchema>;

/** GET /whatsapp/: `session=0` and `companyId` are accepted for the spec's client and ignored (see DECISIONS). */
export const whatsappListQuerySchema = z.object({
  session: z.string().max(10, V.tooLong).optional(),
  companyId: z.string().max(20, V.tooLong).optional(),
});

/** POST /whatsappsession/{id}: start or retry; with pairingNumber, ask for a pairing code instead of a QR. */
export const whatsappSessionStartSchema = z
  .object({
    pairingNumber: z
      .string({ error: V.invalid })
      .trim()
      .regex(/^\+?\d{8,15}$/, V.invalidNumber)
      .transform((value) => value.replace(/^\+/, ""))
      .optional(),
  })
  .strict()
  .optional();
export type WhatsAppSessionStartInput = z.infer<typeof whatsappSessionStartSchema>;

/** /webhooks/whatsapp-cloud/{key}: the connection's random webhook key. */
export const cloudWebhookParamsSchema = z.object({ key: z.string({ error: V.invalid }).regex(/^[A-Za-z0-9_-]{8,64}$/, V.invalid) });
/** Meta's subscription check (GET): hub.mode=subscribe, hub.verify_token, hub.challenge. */
export const cloudWebhookVerifyQuerySchema = z.object({
  "hub.mode": z.string().max(50).optional(),
  "hub.verify_token": z.string().max(200).optional(),
  "hub.challenge": z.string().max(500).optional(),
});

/** GET /whatsapp/{id}/templates: a Cloud API connection's approved message templates (cached; refresh=true asks Meta). */
export const cloudTemplatesQuerySchema = z.object({ refresh: flexibleBoolean.optional() });
export interface WhatsAppTemplateView {
  name: string;
  language: string;
  category: string | null;
  /** HEADER, BODY, FOOTER, BUTTONS as Meta lists them; BODY's text has the {{1}}, {{2}}… placeholders. */
  components: { type: string; format?: string; text?: string }[];
  /** How many {{n}} variables the body takes. */
  variables: number;
}

/** A connection as the API answers it. Credentials never appear; of the API token only whether one is set (public-api/). */
export interface WhatsAppView {
  id: number;
  name: string;
  number: string;
  status: WhatsAppStatus;
  qrcode: string;
  pairingCode: string;
  retries: number;
  isDefault: boolean;
  /** The connection has an external API token (generated by POST /whatsapp/{id}/api-token, shown only then). */
  hasToken: boolean;
  provider: WhatsAppProvider;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  timeToTransfer: number | null;
  transferQueueId: number | null;
  promptId: number | null;
  activeTranscribe: boolean;
  transcribe: boolean;
  transcribeme: boolean;
  hasTranscribeKey: boolean;
  transcribeprovider: TranscribeProvider | null;
  sendme: boolean;
  timeforagroup: number;
  timeresume: string | null;
  /** The outbox's pace for this number (messages/s); null: the server's default for the provider. */
  sendRatePerSecond: number | null;
  queues: { id: number; name: string; color: string }[];
  createdAt: string;
  updatedAt: string;
  capabilities: WhatsAppCapabilities;
  /** Cloud API connections only (null otherwise). Secrets never leave the server: only whether they are set. */
  cloudPhoneNumberId: string | null;
  cloudBusinessAccountId: string | null;
  hasCloudAccessToken: boolean;
  hasCloudAppSecret: boolean;
  /** What to paste in Meta's app settings: the verify token and the webhook path (absolute when PUBLIC_URL is set). */
  cloudVerifyToken: string | null;
  cloudWebhookUrl: string | null;
  cloudWebhookVerified: boolean;
  /** The number's name and quality rating as the Graph API reports them. */
  cloudDisplayName: string | null;
  cloudQualityRating: string | null;
  /** Why the connection is not working (a Graph API error, e.g. an expired token), shown on the card. */
  statusReason: string | null;
}

/** GET /whatsapp-providers: the providers new connections may choose here, and the default one. */
export interface WhatsAppProviderView {
  name: WhatsAppProvider;
  isDefault: boolean;
  capabilities: WhatsAppCapabilities;
}

/** company-{id}-whatsapp */
export type WhatsAppEventPayload = { action: "update"; whatsapp: WhatsAppView } | { action: "delete"; whatsappId: number };
/** company-{id}-whatsappSession */
export type WhatsAppSessionEventPayload = { action: "update"; session: WhatsAppView };

// ---------------------------------------------------------------------------------------------------------------
// Simulator (the built-in virtual network; admin only): see docs/ARCHITECTURE.md, "Simulator API".

export const SIMULATOR_PRESENCES = ["composing", "recording", "paused", "available", "unavailable"] as const;
export type SimulatorPresence = (typeof SIMULATOR_PRESENCES)[number];

/** A customer's number: digits only (E.164 without "+"), as WhatsApp knows it. */
const simulatorNumberSchema = z
  .string({ error: V.required })
  .trim()
  .regex(/^\+?\d{8,15}$/, V.invalidNumber)
  .transform((value) => value.replace(/^\+/, ""));
/** A chat in a path: a customer's digits, or a group id (digits-digits). */
export const simulatorChatSchema = z.string({ error: V.invalid }).regex(/^\d{5,20}(-\d{1,20})?$/, V.invalid);
const messageIdSchema = z.string({ error: V.required }).trim().min(1, V.required).max(128, V.tooLong);

export const simulatorContactCreateSchema = z
  .object({
    name: z.string({ error: V.required }).trim().min(1, V.required).max(50, V.tooLong),
    /** Required for a customer; a group gets an id when none is given. */
    number: z.union([simulatorNumberSchema, simulatorChatSchema]).optional(),
    isGroup: flexibleBoolean.default(false),
    /** Group members: numbers of this connection's simulator customers. */
    members: z.array(simulatorNumberSchema, { error: V.invalid }).max(50, V.tooLong).default([]),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.isGroup && !value.number) ctx.addIssue({ code: "custom", path: ["number"], message: V.required });
    if (!value.isGroup && value.number && !/^\d+$/.test(value.number)) ctx.addIssue({ code: "custom", path: ["number"], message: V.invalidNumber });
    if (value.isGroup && value.members.length === 0) ctx.addIssue({ code: "custom", path: ["members"], message: V.required });
  });
export type SimulatorContactCreateInput = z.input<typeof simulatorContactCreateSchema>;

/** In a group, which member acts (a number of a member); the first member when absent. */
const author = simulatorNumberSchema.optional();

/**
 * What a virtual customer does in a chat (JSON). Media go as multipart instead (field `file`, optional `caption`,
 * `voice=true`, `type` image|audio|video|document, `author`). `fromMe` on text: the connection's own phone writes.
 */
export const simulatorActionSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("text"), body: z.string({ error: V.required }).min(1, V.required).max(4_096, V.tooLong), quotedId: messageIdSchema.optional(), fromMe: flexibleBoolean.optional(), author }).strict(),
    z
      .object({
        type: z.literal("location"),
        latitude: z.number({ error: V.invalid }).min(-90, V.invalid).max(90, V.invalid),
        longitude: z.number({ error: V.invalid }).min(-180, V.invalid).max(180, V.invalid),
        name: z.string({ error: V.invalid }).max(200, V.tooLong).optional(),
        address: z.string({ error: V.invalid }).max(500, V.tooLong).optional(),
        author,
      })
      .strict(),
    z
      .object({
        type: z.literal("contact"),
        displayName: z.string({ error: V.required }).trim().min(1, V.required).max(100, V.tooLong),
        vcard: z.string({ error: V.required }).min(1, V.required).max(10_000, V.tooLong),
        author,
      })
      .strict(),
    /** An empty emoji removes the customer's reaction. */
    z.object({ type: z.literal("reaction"), messageId: messageIdSchema, emoji: z.string({ error: V.invalid }).max(16, V.tooLong), author }).strict(),
    z.object({ type: z.literal("presence"), presence: z.enum(SIMULATOR_PRESENCES, { error: V.invalid }), author }).strict(),
    z.object({ type: z.literal("edit"), messageId: messageIdSchema, body: z.string({ error: V.required }).min(1, V.required).max(4_096, V.tooLong) }).strict(),
    z.object({ type: z.literal("revoke"), messageId: messageIdSchema }).strict(),
  ],
  { error: V.invalid },
);
export type SimulatorActionInput = z.infer<typeof simulatorActionSchema>;

/** The multipart fields of a media message (the file itself is the part named `file`). */
export const simulatorMediaFieldsSchema = z
  .object({
    caption: z.string({ error: V.invalid }).max(1_024, V.tooLong).optional(),
    voice: z.enum(["true", "false"], { error: V.invalid }).optional(),
    type: z.enum(["image", "audio", "video", "document"], { error: V.invalid }).optional(),
    author: simulatorNumberSchema.optional(),
  })
  .strict();

/** POST /simulator/{whatsappId}/scan: the token the QR encodes, or the pairing code shown. */
export const simulatorScanSchema = z
  .object({
    qrcode: z.string({ error: V.invalid }).min(1, V.required).max(500, V.tooLong).optional(),
    pairingCode: z.string({ error: V.invalid }).min(1, V.required).max(20, V.tooLong).optional(),
  })
  .strict()
  .refine((value) => value.qrcode !== undefined || value.pairingCode !== undefined, { message: V.required, path: ["qrcode"] });

export const simulatorDropSchema = z.object({ status: z.enum(["TIMEOUT", "DISCONNECTED"], { error: V.invalid }) }).strict();
export const simulatorReadSchema = z.object({ author }).strict().optional();
export const simulatorPlaySchema = z.object({ messageId: messageIdSchema, author }).strict();

export interface SimulatorContactView {
  id: number;
  whatsappId: number;
  name: string;
  number: string;
  isGroup: boolean;
  members: string[];
  createdAt: string;
}

export interface SimulatorMessageView {
  id: number;
  whatsappId: number;
  /** The customer's number or the group id. */
  chat: string;
  /** The id both sides use (reactions, edits, acks name it). */
  messageId: string;
  /** in: the customer wrote it; out: the connection (an agent, or its own phone when `own`). */
  direction: "in" | "out";
  own: boolean;
  /** Group messages from customers: the member who wrote. */
  author: string | null;
  type: string;
  body: string;
  /** Location, contact card, media details (mimetype, fileName, caption, voice, size), quoted id. */
  content: Record<string, unknown>;
  /** For media: GET this path (with the bearer token) for the bytes. */
  mediaUrl: string | null;
  ack: number;
  edited: boolean;
  deleted: boolean;
  reactions: { from: string; emoji: string }[];
  createdAt: string;
}

/** company-{id}-simulator (admins only). */
export type SimulatorEventPayload =
  | { action: "message" | "update"; message: SimulatorMessageView }
  | { action: "ack"; whatsappId: number; chat: string; messageId: string; ack: number }
  | { action: "contact"; contact: SimulatorContactView }
  | { action: "presence"; whatsappId: number; chat: string; presence: SimulatorPresence };
