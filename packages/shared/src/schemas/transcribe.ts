import { z } from "zod";
import { flexibleBoolean } from "./common.js";
import { V } from "./messages.js";

/**
 * Groups: voice-note transcription and the daily summary (administration spec 2 "Transcribe", 3 "Group contact" and
 * "Summary models offered", 5 "Group summary time", 9 "Group summary defaults"). Set through PUT /contacts/{id}.
 */
export const SUMMARY_PROVIDERS = ["openai", "gemini", "openrouter"] as const;
export type SummaryProvider = (typeof SUMMARY_PROVIDERS)[number];

/** The models the panel offers per provider; "other" lets the user type any model name. */
export const SUMMARY_MODELS: Record<SummaryProvider, readonly string[]> = {
  openai: ["gpt-4o", "gpt-4o-mini", "o1-mini", "other"],
  gemini: ["gemini-1.5-pro-latest", "gemini-exp-1206", "gemini-1.5-flash-latest", "gemini-2.0-flash-exp", "other"],
  openrouter: ["deepseek/deepseek-chat", "meta-llama/llama-3.2-1b-instruct:free", "anthropic/claude-3.5-sonnet:beta", "other"],
};

export const SUMMARY_DEFAULTS = { provider: "openai" as SummaryProvider, maxTokens: 2000, temperature: 0.7 } as const;
/** How far ahead of now a summary time must be (spec 5), and the time input's step (spec 9). */
export const SUMMARY_MIN_LEAD_MINUTES = 5;
export const SUMMARY_TIME_STEP_SECONDS = 600;
/** What the template may say at most (spec 9); the job also caps what it sends the model. */
export const SUMMARY_MAX_TOPICS = 10;
export const SUMMARY_MAX_MESSAGES_PER_TOPIC = 10;

/** Where the group's last 24 hours go in the template. */
export const SUMMARY_MESSAGES_PLACEHOLDER = "{messages}";

export const SUMMARY_PROMPT_DEFAULT = [
  "Você é um assistente que resume conversas de grupos de WhatsApp em português.",
  `Resuma as mensagens abaixo, das últimas 24 horas, em no máximo ${SUMMARY_MAX_TOPICS} tópicos principais.`,
  `Em cada tópico cite no máximo ${SUMMARY_MAX_MESSAGES_PER_TOPIC} mensagens relevantes, com o autor e a data no formato DD/MM.`,
  "Seja objetivo e não invente informações.",
  "",
  "Mensagens:",
  SUMMARY_MESSAGES_PLACEHOLDER,
].join("\n");

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Spec 5: saved as HH:MM:00; anything that is not a time of day becomes 00:00:00. */
export function normalizeSummaryTime(value: string | null | undefined): string {
  const m = TIME.exec((value ?? "").trim());
  return m ? `${m[1]}:${m[2]}:00` : "00:00:00";
}

/**
 * Spec 5: the time must be at least 5 minutes ahead of now (today's clock), else the message names the earliest time
 * ("após HH:MM"). Returns that HH:MM when too early, null when fine.
 */
export function summaryTimeTooEarly(value: string, now: Date): string | null {
  const m = TIME.exec(value.trim());
  const earliest = new Date(now.getTime() + SUMMARY_MIN_LEAD_MINUTES * 60_000);
  const hhmm = `${String(earliest.getHours()).padStart(2, "0")}:${String(earliest.getMinutes()).padStart(2, "0")}`;
  if (!m) return hhmm;
  // Past midnight the earliest time is tomorrow's: any time today is then too early.
  if (earliest.getDate() !== now.getDate()) return hhmm;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes < earliest.getHours() * 60 + earliest.getMinutes() ? hhmm : null;
}

const GROUP_SETTING_KEYS = [
  "activetranscribe",
  "resumegroup",
  "timeresume",
  "resumeprovider",
  "resumemodel",
  "resumekey",
  "resumemaxtokens",
  "resumetemperature",
  "resumeprompt",
] as const;

/** Whether a PUT /contacts/{id} body is the transcribe page's (group settings) rather than the contact form's. */
export function isGroupSettingsBody(value: unknown): boolean {
  return typeof value === "object" && value !== null && GROUP_SETTING_KEYS.some((k) => k in value);
}

/** PUT /contacts/{id} from the transcribe page: the transcription toggle, or the summary toggle and configuration. */
export const groupSettingsSchema = z
  .object({
    activetranscribe: flexibleBoolean.optional(),
    resumegroup: flexibleBoolean.optional(),
    timeresume: z
      .string({ error: V.invalidTime })
      .trim()
      .regex(TIME, V.invalidTime)
      .transform((v) => normalizeSummaryTime(v))
      .optional(),
    resumeprovider: z.enum(SUMMARY_PROVIDERS, { error: V.invalid }).optional(),
    resumemodel: z.string({ error: V.invalid }).trim().min(1, V.required).max(200, V.tooLong).optional(),
    /** Write-only: absent keeps the stored key, null or "" clears it. */
    resumekey: z.string({ error: V.invalid }).trim().max(500, V.tooLong).nullable().optional(),
    resumemaxtokens: z.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).optional(),
    resumetemperature: z.number({ error: V.invalid }).min(0, V.invalid).max(2, V.invalid).optional(),
    resumeprompt: z.string({ error: V.invalid }).max(10_000, V.tooLong).optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: V.required });
export type GroupSettingsInput = z.input<typeof groupSettingsSchema>;
export type GroupSettingsData = z.output<typeof groupSettingsSchema>;

export const groupContactsQuerySchema = z.object({
  searchParam: z.string({ error: V.invalid }).max(200, V.tooLong).optional(),
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
});

/** A group contact as the transcribe page sees it; the key only as "set or not" and masked. */
export interface GroupContactView {
  id: number;
  name: string;
  number: string;
  isGroup: true;
  profilePicUrl: string | null;
  activetranscribe: boolean;
  resumegroup: boolean;
  timeresume: string | null;
  resumeprovider: SummaryProvider | null;
  resumemodel: string | null;
  hasResumeKey: boolean;
  /** "••••abcd" or "••••"; empty without a key. */
  resumekeyMasked: string;
  resumemaxtokens: number;
  resumetemperature: number;
  resumeprompt: string | null;
}

export interface GroupContactPage {
  contacts: GroupContactView[];
  count: number;
  hasMore: boolean;
}

/** POST /messages/{id}/transcribe: a failed (or never asked) voice-note transcription, once more. */
export const TRANSCRIPT_STATUSES = ["pending", "done", "failed"] as const;
export type TranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];
