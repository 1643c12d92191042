import { z } from "zod";
import { V } from "./messages.js";
import { idSchema, pageQuerySchema, flexibleBoolean } from "./common.js";
import { checkTemplateChoice, templateChoiceShape, type TemplateChoiceView } from "./template-choice.js";

/** Campaigns and their settings (administration sections 3, 4, 5, 7 and 9). */

export const CAMPAIGN_STATUSES = ["INATIVA", "PROGRAMADA", "EM_ANDAMENTO", "CANCELADA", "FINALIZADA"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Five message variants and five confirmation variants; one of the filled ones is picked at random per contact. */
export const CAMPAIGN_VARIANTS = [1, 2, 3, 4, 5] as const;
export const CAMPAIGN_MESSAGE_MAX = 4096;
export const CAMPAIGN_NAME_MIN = 2;
export const CAMPAIGN_NAME_MAX = 50;
/** A campaign can be edited while its schedule is more than this far ahead (administration section 4). */
export const CAMPAIGN_EDIT_LEAD_MS = 60 * 60 * 1000;
/** The report refreshes this long after a FINALIZADA update (administration section 4). */
export const CAMPAIGN_REPORT_REFRESH_MS = 5000;

/** Campaign settings choices, in seconds (administration section 9). */
export const CAMPAIGN_MESSAGE_INTERVALS = [0, 5, 10, 15, 20] as const;
export const CAMPAIGN_LONG_INTERVALS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const CAMPAIGN_SETTINGS_DEFAULTS = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [] as { key: string; value: string }[],
  /** A contact who answered one of these (whole message, any case) is skipped by later campaigns. */
  optOutWords: ["SAIR", "PARAR", "STOP"],
};
export type CampaignSettings = typeof CAMPAIGN_SETTINGS_DEFAULTS;
export const CAMPAIGN_SETTING_KEYS = ["messageInterval", "longerIntervalAfter", "greaterInterval", "variables", "optOutWords"] as const;
export type CampaignSettingKey = (typeof CAMPAIGN_SETTING_KEYS)[number];

const nullableText = z
  .string({ error: V.invalid })
  .max(CAMPAIGN_MESSAGE_MAX, V.tooLong)
  .nullish()
  .transform((value) => (value && value.trim() !== "" ? value : null));

/** An id field the dialog may send empty: "", null and the select's 'Nenhuma' mean none. */
const optionalRef = z
  .preprocess((value) => (value === "" || value === "Nenhuma" ? null : value), idSchema.nullable())
  .optional()
  .transform((value) => value ?? null);

/** Any date the server can read (the dialog sends ISO 8601 with the offset); empty means not scheduled. */
const scheduledAtSchema = z
  .preprocess(
    (value) => (value === "" ? null : value),
    z
      .string({ error: V.invalid })
      .max(40, V.invalid)
      .refine((text) => !Number.isNaN(Date.parse(text)), V.invalid)
      .transform((text) => new Date(text))
      .nullable(),
  )
  .optional()
  .transform((value) => value ?? null);

/**
 * POST /campaigns and PUT /campaigns/{id} (administration section 5: name 2 to 50 required; empty values are null).
 * `status` and `companyId` are accepted and ignored: the server moves the status, the session says the company.
 */
export const campaignSchema = z
  .object({
    name: z
      .string({ error: V.required })
      .trim()
      .min(1, V.required)
      .min(CAMPAIGN_NAME_MIN, V.tooShort)
      .max(CAMPAIGN_NAME_MAX, V.tooLong),
    message1: nullableText,
    message2: nullableText,
    message3: nullableText,
    message4: nullableText,
    message5: nullableText,
    confirmationMessage1: nullableText,
    confirmationMessage2: nullableText,
    confirmationMessage3: nullableText,
    confirmationMessage4: nullableText,
    confirmationMessage5: nullableText,
    confirmation: flexibleBoolean.default(false),
    scheduledAt: scheduledAtSchema,
    whatsappId: optionalRef,
    contactListId: optionalRef,
    tagListId: optionalRef,
    fileListId: optionalRef,
    /** On a Cloud API connection: the template sent to contacts whose 24-hour window is closed. */
    ...templateChoiceShape,
    status: z.unknown().optional(),
    companyId: z.unknown().optional(),
  })
  .strict()
  .superRefine(checkTemplateChoice);
export type CampaignInput = z.input<typeof campaignSchema>;
export type CampaignData = z.output<typeof campaignSchema>;

export const campaignListQuerySchema = pageQuerySchema.extend({ companyId: z.unknown().optional() });

const intervalOf = (choices: readonly number[]) =>
  z.coerce.number({ error: V.invalid }).refine((value) => choices.includes(value), V.invalid);

/** POST /campaign-settings: `{ settings }`, any subset of the keys; a variable key appears once. */
export const campaignSettingsSchema = z
  .object({
    settings: z
      .object({
        messageInterval: intervalOf(CAMPAIGN_MESSAGE_INTERVALS).optional(),
        longerIntervalAfter: intervalOf(CAMPAIGN_LONG_INTERVALS).optional(),
        greaterInterval: intervalOf(CAMPAIGN_LONG_INTERVALS).optional(),
        variables: z
          .array(
            z
              .object({
                key: z.string({ error: V.required }).trim().min(1, V.required).max(50, V.tooLong).regex(/^[\p{L}\p{N}_-]+$/u, V.invalid),
                value: z.string({ error: V.invalid }).max(1000, V.tooLong),
              })
              .strict(),
            { error: V.invalid },
          )
          .max(100, V.tooLong)
          .refine((list) => new Set(list.map((item) => item.key)).size === list.length, V.invalid)
          .optional(),
        optOutWords: z
          .array(z.string({ error: V.invalid }).trim().min(1, V.required).max(30, V.tooLong), { error: V.invalid })
          .max(20, V.tooLong)
          .transform((words) => [...new Set(words.map((word) => word.toUpperCase()))])
          .optional(),
      })
      .strict(),
  })
  .strict();
export type CampaignSettingsInput = z.input<typeof campaignSettingsSchema>;
export type CampaignSettingsData = z.output<typeof campaignSettingsSchema>;

/** One record of GET /campaign-settings (administration section 3: key/value records). */
export type CampaignSettingRecord =
  | { key: "messageInterval" | "longerIntervalAfter" | "greaterInterval"; value: number }
  | { key: "variables"; value: { key: string; value: string }[] }
  | { key: "optOutWords"; value: string[] };

/** The report's figures (progress = delivered / validContacts × 100). */
export interface CampaignStats {
  /** Contacts the campaign is for: the audience minus invalid numbers and opted-out contacts. */
  validContacts: number;
  confirmationRequested: number;
  confirmed: number;
  delivered: number;
  failed: number;
  optedOut: number;
  invalid: number;
  /** Failed sends with their reason (at most 100 shown). */
  failures: { number: string; name: string; reason: string }[];
}

/** A campaign as the API answers it (administration section 3), with its Cloud API template choice. */
export interface CampaignView extends TemplateChoiceView {
  id: number;
  name: string;
  message1: string | null;
  message2: string | null;
  message3: string | null;
  message4: string | null;
  message5: string | null;
  confirmationMessage1: string | null;
  confirmationMessage2: string | null;
  confirmationMessage3: string | null;
  confirmationMessage4: string | null;
  confirmationMessage5: string | null;
  status: CampaignStatus;
  confirmation: boolean;
  scheduledAt: string | null;
  completedAt: string | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  contactListId: number | null;
  contactList: { id: number; name: string } | null;
  tagListId: number | null;
  fileListId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  companyId: number;
  stats: CampaignStats;
  createdAt: string;
  updatedAt: string;
}

export interface CampaignListAnswer {
  records: CampaignView[];
  count: number;
  hasMore: boolean;
}

/** Payload of `company-{id}-campaign`. */
export type CampaignEventPayload = { action: "create" | "update"; record: CampaignView } | { action: "delete"; id: number };
