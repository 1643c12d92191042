import { z } from "zod";
import { V } from "./messages.js";

/**
 * A Cloud API message template chosen for sends outside the customer's 24-hour window (campaigns, schedules, the
 * external API). Meta's limits: a template name is at most 512 characters; a body parameter's text at most 1024.
 */
export const TEMPLATE_NAME_MAX = 512;
export const TEMPLATE_LANGUAGE_MAX = 20;
export const TEMPLATE_PARAMETER_MAX = 1024;
/** More body variables than any template has; a bound for the arrays. */
export const TEMPLATE_PARAMETERS_MAX = 30;

const templateParameter = z.string({ error: V.invalid }).max(TEMPLATE_PARAMETER_MAX, V.tooLong);

/** `{ name, language, parameters }` as the external API takes it (parameters fill {{1}}, {{2}}… of the body in order). */
export const sendTemplateSchema = z
  .object({
    name: z.string({ error: V.required }).trim().min(1, V.required).max(TEMPLATE_NAME_MAX, V.tooLong).meta({ description: "The approved template's name", example: "pedido_enviado" }),
    language: z.string({ error: V.required }).trim().min(1, V.required).max(TEMPLATE_LANGUAGE_MAX, V.tooLong).meta({ description: "Its language code", example: "pt_BR" }),
    parameters: z
      .array(templateParameter, { error: V.invalid })
      .max(TEMPLATE_PARAMETERS_MAX, V.tooLong)
      .default([])
      .meta({ description: "The texts of the body's {{1}}, {{2}}… in order", example: ["Ana"] }),
  })
  .strict();
export type SendTemplateInput = z.input<typeof sendTemplateSchema>;
export type SendTemplate = z.output<typeof sendTemplateSchema>;

const optionalText = (max: number) =>
  z
    .string({ error: V.invalid })
    .trim()
    .max(max, V.tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * The template fields of the campaign and schedule dialogs. `templateVariables` are texts that may hold the
 * campaign variables ({nome}, {numero}, {email}, the company's own), filled per contact like the message.
 * Name and language go together; without a name the variables are dropped.
 */
export const templateChoiceShape = {
  templateName: optionalText(TEMPLATE_NAME_MAX),
  templateLanguage: optionalText(TEMPLATE_LANGUAGE_MAX),
  templateVariables: z
    .array(templateParameter, { error: V.invalid })
    .max(TEMPLATE_PARAMETERS_MAX, V.tooLong)
    .nullish()
    .transform((value) => value ?? []),
};

/** The refinement of the object holding templateChoiceShape: a name needs its language. */
export function checkTemplateChoice(value: { templateName: string | null; templateLanguage: string | null }, ctx: z.RefinementCtx): void {
  if (value.templateName && !value.templateLanguage) ctx.addIssue({ code: "custom", path: ["templateLanguage"], message: V.required });
}

/** What the views answer about the chosen template. */
export interface TemplateChoiceView {
  templateName: string | null;
  templateLanguage: string | null;
  templateVariables: string[];
}
