import { z } from "zod";
import { V } from "./messages.js";
import { emailSchema, idSchema } from "./common.js";
import { PROFILES } from "../permissions.js";
import { USER_NAME_MAX, USER_NAME_MIN, USER_PASSWORD_MAX, USER_PASSWORD_MIN } from "../constants.js";

export const userNameSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .min(USER_NAME_MIN, V.tooShort)
  .max(USER_NAME_MAX, V.tooLong);

export const userPasswordSchema = z
  .string({ error: V.required })
  .min(USER_PASSWORD_MIN, V.passwordTooShort)
  .max(USER_PASSWORD_MAX, V.passwordTooLong);

/**
 * allTicket as the spec writes it: "enabled" or "desabled" (its spelling; "disabled" is accepted too). Answers use the
 * spec's spellings; the database keeps "enabled"/"disabled" (`toStoredAllTicket`).
 */
export const ALL_TICKET_VALUES = ["enabled", "desabled"] as const;
export type AllTicket = (typeof ALL_TICKET_VALUES)[number];
export const allTicketSchema = z
  .enum(["enabled", "desabled", "disabled"], { error: V.invalid })
  .transform((value): AllTicket => (value === "enabled" ? "enabled" : "desabled"));
export const toStoredAllTicket = (value: AllTicket): "enabled" | "disabled" => (value === "enabled" ? "enabled" : "disabled");
export const presentAllTicket = (stored: string): AllTicket => (stored === "enabled" ? "enabled" : "desabled");

/** Edit a user (core-service section 5, user form): password optional on edit. */
export const userUpdateSchema = z
  .object({
    name: userNameSchema,
    email: emailSchema,
    password: z.union([z.literal(""), userPasswordSchema]).optional(),
    profile: z.enum(PROFILES, { error: V.invalid }).optional(),
    allTicket: allTicketSchema.optional(),
    queueIds: z.array(idSchema).max(200, V.tooLong).optional(),
    /** The user's default connection (null: none). */
    whatsappId: idSchema.nullable().optional(),
  })
  .strict();
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** Create a user (admin): the password is required. */
export const userCreateSchema = z
  .object({
    name: userNameSchema,
    email: emailSchema,
    password: userPasswordSchema,
    profile: z.enum(PROFILES, { error: V.invalid }).default("user"),
    allTicket: allTicketSchema.default("desabled"),
    queueIds: z.array(idSchema).max(200, V.tooLong).default([]),
    whatsappId: idSchema.nullable().default(null),
  })
  .strict();
export type UserCreateInput = z.input<typeof userCreateSchema>;
