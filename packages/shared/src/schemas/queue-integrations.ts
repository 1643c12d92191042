import { z } from "zod";
import { flexibleBoolean } from "./common.js";
import { V } from "./messages.js";

/** The seven queue integration types (administration sections 3 and 9). */
export const QUEUE_INTEGRATION_TYPES = ["dialogflow", "n8n", "webhook", "flowise", "dify", "openaiassist", "typebot"] as const;
export type QueueIntegrationType = (typeof QUEUE_INTEGRATION_TYPES)[number];

/** Dialogflow languages (section 9). */
export const QUEUE_INTEGRATION_LANGUAGES = ["pt-BR", "en", "es"] as const;

/** Typebot defaults (section 9). */
export const TYPEBOT_DEFAULT_EXPIRES = 1;
export const TYPEBOT_DEFAULT_DELAY_MESSAGE = 1000;

/** The fields an integration keeps encrypted: write-only, answered masked ("••••1234", or "" when unset). */
export const QUEUE_INTEGRATION_SECRET_FIELDS = ["jsonContent", "apidify", "openaikey"] as const;
export type QueueIntegrationSecretField = (typeof QUEUE_INTEGRATION_SECRET_FIELDS)[number];

/** A masked secret as answers show it: a value the client sends back unchanged keeps the stored one. */
export const MASKED_SECRET_PREFIX = "••••";

/** Types whose name is required and whose projectName is set equal to the name (section 3 and 5). */
export const NAMED_INTEGRATION_TYPES: readonly QueueIntegrationType[] = ["n8n", "webhook", "flowise", "dify", "openaiassist", "typebot"];
/** Types whose messages are POSTed to `urlN8N`, signed with the integration's secret. */
export const SIGNED_INTEGRATION_TYPES: readonly QueueIntegrationType[] = ["n8n", "webhook"];

const text = (max: number) => z.string({ error: V.invalid }).trim().max(max, V.tooLong);
const url = z.string({ error: V.invalid }).trim().max(2_000, V.tooLong);
const count = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : typeof value === "string" ? Number(value) : value),
    z.number({ error: V.invalid }).int(V.invalid).min(min, V.invalid).max(max, V.invalid).optional(),
  );

const isHttpUrl = (value: string) => {
  try {
    const parsed = new URL(value);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
};

const integrationFields = {
  type: z.enum(QUEUE_INTEGRATION_TYPES, { error: V.required }),
  name: text(100).optional(),
  projectName: text(200).optional(),
  language: z.enum(QUEUE_INTEGRATION_LANGUAGES, { error: V.invalid }).optional(),
  jsonContent: z.string({ error: V.invalid }).max(20_000, V.tooLong).optional(),
  urlN8N: url.optional(),
  urlflowise: url.optional(),
  urldify: url.optional(),
  apidify: text(500).optional(),
  openaiid: text(200).optional(),
  openaikey: text(500).optional(),
  transcribes: flexibleBoolean.optional(),
  typebotSlug: text(200).optional(),
  typebotExpires: count(0, 10_080),
  typebotDelayMessage: count(0, 60_000),
  typebotKeywordFinish: text(100).optional(),
  typebotKeywordRestart: text(100).optional(),
  typebotUnknownMessage: text(2_000).optional(),
  typebotRestartMessage: text(2_000).optional(),
};

type Fields = z.output<z.ZodObject<typeof integrationFields>>;

/**
 * Validation of section 5: a type is required; a name for n8n, webhook, flowise, dify, openaiassist and typebot; a URL
 * for n8n, webhook, flowise, typebot and dify (plus dify's API key); the assistant id and key for openaiassist; the
 * Typebot slug. `hasStored` says which secrets an edit keeps from the stored row (a masked value sent back keeps it).
 */
function checkRequired(data: Fields, ctx: z.RefinementCtx): void {
  const missing = (path: keyof Fields, message: string = V.required) => ctx.addIssue({ code: "custom", path: [path], message });
  const blank = (value: string | undefined) => value === undefined || value.trim() === "";
  if (NAMED_INTEGRATION_TYPES.includes(data.type) && blank(data.name)) missing("name");
  if (data.type === "dialogflow" && blank(data.name) && blank(data.projectName)) missing("projectName");
  const urlField = data.type === "flowise" ? "urlflowise" : data.type === "dify" ? "urldify" : data.type === "dialogflow" || data.type === "openaiassist" ? null : "urlN8N";
  if (urlField) {
    const value = data[urlField];
    if (blank(value)) missing(urlField);
    else if (!isHttpUrl(value!)) missing(urlField, V.invalid);
  }
  if (data.type === "dify" && blank(data.apidify)) missing("apidify");
  if (data.type === "openaiassist") {
    if (blank(data.openaiid)) missing("openaiid");
    if (blank(data.openaikey)) missing("openaikey");
  }
  if (data.type === "typebot" && blank(data.typebotSlug)) missing("typebotSlug");
  if (data.type === "dialogflow" && !blank(data.jsonContent) && !data.jsonContent!.startsWith(MASKED_SECRET_PREFIX)) {
    try {
      JSON.parse(data.jsonContent!);
    } catch {
      missing("jsonContent", V.invalid);
    }
  }
}

/** POST /queueIntegration and PUT /queueIntegration/{id}. A secret sent as its masked form keeps the stored one. */
export const queueIntegrationSchema = z
  .object({
    ...integrationFields,
    /** Edit only: a new signing secret for webhook and n8n (answered once, in this answer). */
    rotateSecret: flexibleBoolean.optional(),
  })
  .strict()
  .superRefine(checkRequired);
export type QueueIntegrationInput = z.input<typeof queueIntegrationSchema>;
export type QueueIntegrationData = z.output<typeof queueIntegrationSchema>;

/**
 * POST /queueIntegration/testSession: the spec sends projectName, jsonContent and language (Dialogflow's form); any
 * type's fields are taken, and `id` lets a stored integration be tested with its stored secrets.
 */
export const queueIntegrationTestSchema = z
  .object({
    ...integrationFields,
    type: z.enum(QUEUE_INTEGRATION_TYPES, { error: V.invalid }).default("dialogflow"),
    id: z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2_147_483_647, V.invalid).optional(),
  })
  .strict();
export type QueueIntegrationTestInput = z.input<typeof queueIntegrationTestSchema>;
export type QueueIntegrationTestData = z.output<typeof queueIntegrationTestSchema>;

export const queueIntegrationListQuerySchema = z.object({
  searchParam: z.string().max(200, V.tooLong).optional(),
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
});

/** An integration as the API answers it: secrets masked, never in clear (section 3, Queue integration). */
export interface QueueIntegrationView {
  id: number;
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  language: string;
  /** Masked: "••••" / "••••1234" when set, "" when not. */
  jsonContent: string;
  urlN8N: string;
  urlflowise: string;
  urldify: string;
  apidify: string;
  openaiid: string;
  openaikey: string;
  transcribes: boolean;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
  /** webhook and n8n: whether a signing secret exists, and its masked form. */
  hasWebhookSecret: boolean;
  webhookSecret: string;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

/** The create answer (and an edit with rotateSecret) carries the signing secret once, in clear. */
export interface QueueIntegrationSavedView extends QueueIntegrationView {
  newWebhookSecret?: string;
}

export interface QueueIntegrationListView {
  queueIntegrations: QueueIntegrationView[];
  count: number;
  hasMore: boolean;
}

export interface QueueIntegrationTestResult {
  ok: boolean;
  details?: string;
}

/** `company-{id}-queueIntegration` (section 7): never carries a secret, not even the one-time webhook secret. */
export type QueueIntegrationEventPayload =
  | { action: "create" | "update"; queueIntegration: QueueIntegrationView }
  | { action: "delete"; integrationId: number };
