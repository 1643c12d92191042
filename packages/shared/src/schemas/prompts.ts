import { z } from "zod";
import { V } from "./messages.js";

/** Administration sections 3, 5 and 9: the prompt's bounds and defaults. */
export const PROMPT_NAME_MIN = 5;
export const PROMPT_NAME_MAX = 100;
export const PROMPT_TEXT_MIN = 50;
export const PROMPT_TEXT_MAX = 20_000;
export const PROMPT_DEFAULTS = { voice: "texto", maxTokens: 100, temperature: 1, maxMessages: 10 } as const;
export const PROMPT_MAX_TOKENS_LIMIT = 16_384;
export const PROMPT_MAX_MESSAGES_LIMIT = 100;

/** "texto" answers in text only; the others also send the answer as a voice note (Azure neural voices, pt-BR). */
export const PROMPT_TEXT_ONLY_VOICE = "texto";
export const PROMPT_VOICE_NAMES = [
  "Francisca",
  "Antonio",
  "Brenda",
  "Donato",
  "Elza",
  "Fabio",
  "Giovanna",
  "Humberto",
  "Julio",
  "Leila",
  "Leticia",
  "Manuela",
  "Nicolau",
  "Valerio",
  "Yara",
] as const;
export const PROMPT_VOICES = [PROMPT_TEXT_ONLY_VOICE, ...PROMPT_VOICE_NAMES.map((n) => `pt-BR-${n}Neural` as const)] as const;
export type PromptVoice = (typeof PROMPT_VOICES)[number];

const secret = z.string({ error: V.invalid }).trim().max(500, V.tooLong);

const promptFields = {
  name: z.string({ error: V.required }).trim().min(1, V.required).min(PROMPT_NAME_MIN, V.tooShort).max(PROMPT_NAME_MAX, V.tooLong),
  prompt: z.string({ error: V.required }).trim().min(1, V.required).min(PROMPT_TEXT_MIN, V.tooShort).max(PROMPT_TEXT_MAX, V.tooLong),
  voice: z.enum(PROMPT_VOICES, { error: V.invalid }).default(PROMPT_DEFAULTS.voice),
  /** Azure speech key; absent keeps the stored one, "" or null clears it. */
  voiceKey: secret.nullable().optional(),
  /** Azure region (it becomes part of the speech host name, so letters and digits only: brazilsouth, eastus). */
  voiceRegion: z
    .string({ error: V.invalid })
    .trim()
    .toLowerCase()
    .max(40, V.tooLong)
    .regex(/^[a-z0-9]*$/, V.invalid)
    .default(""),
  maxTokens: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(PROMPT_MAX_TOKENS_LIMIT, V.invalid).default(PROMPT_DEFAULTS.maxTokens),
  temperature: z.coerce.number({ error: V.invalid }).min(0, V.invalid).max(2, V.invalid).default(PROMPT_DEFAULTS.temperature),
  /** Spec 5: 'Informe o setor' when no queue is chosen. */
  queueId: z.coerce.number({ error: V.queueRequired }).int(V.queueRequired).positive(V.queueRequired).max(2_147_483_647, V.invalid),
  maxMessages: z.coerce.number({ error: V.invalid }).int(V.invalid).min(0, V.invalid).max(PROMPT_MAX_MESSAGES_LIMIT, V.invalid).default(PROMPT_DEFAULTS.maxMessages),
};

/** A chosen voice needs its region (the key may be stored already on update). */
function voiceNeedsRegion(value: { voice: string; voiceRegion: string }, ctx: z.RefinementCtx): void {
  if (value.voice !== PROMPT_TEXT_ONLY_VOICE && value.voiceRegion === "") {
    ctx.addIssue({ code: "custom", path: ["voiceRegion"], message: V.required });
  }
}

/** POST /prompt: the key is required. */
export const promptCreateSchema = z
  .object({ ...promptFields, apiKey: secret.min(1, V.required) })
  .strict()
  .superRefine((value, ctx) => {
    voiceNeedsRegion(value, ctx);
    if (value.voice !== PROMPT_TEXT_ONLY_VOICE && !value.voiceKey) ctx.addIssue({ code: "custom", path: ["voiceKey"], message: V.required });
  });
/** PUT /prompt/{id}: the same fields; an absent or empty key keeps the stored one (keys are write-only). */
export const promptUpdateSchema = z
  .object({ ...promptFields, apiKey: secret.optional() })
  .strict()
  .superRefine(voiceNeedsRegion);

export type PromptCreateInput = z.input<typeof promptCreateSchema>;
export type PromptCreateData = z.output<typeof promptCreateSchema>;
export type PromptUpdateData = z.output<typeof promptUpdateSchema>;

/** A prompt as the API answers it: keys only as "set or not" with a masked tail. */
export interface PromptView {
  id: number;
  name: string;
  prompt: string;
  voice: string;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  /** "" when no key is stored, else a mask such as ••••abcd. */
  apiKeyMasked: string;
  voiceKeyMasked: string;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

export interface PromptList {
  prompts: PromptView[];
}

/** Payload of `company-{id}-prompt`. */
export type PromptEventPayload = { action: "create" | "update"; prompt: PromptView } | { action: "delete"; promptId: number };
