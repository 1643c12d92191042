import { z } from "zod";
import { V } from "./messages.js";
import { emailSchema } from "./common.js";
import { LANGUAGES, USER_NAME_MAX, USER_NAME_MIN, USER_PASSWORD_MAX } from "../constants.js";

/** Signup verification and password reset by an e-mailed code (administration sections 2, 4, 5 and 7). */
export const EMAIL_CODE_LENGTH = 6;
/** A signup code is valid this long after it is sent. */
export const SIGNUP_CODE_TTL_MINUTES = 10;
/** A password-reset code is valid this long after it is sent. */
export const RESET_CODE_TTL_MINUTES = 30;
/** Wrong tries a code survives; at the limit it is dead and a new one must be asked for. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** POST /companies/cadastro needs the e-mail verified within this window. */
export const SIGNUP_VERIFIED_WINDOW_MINUTES = 30;
/** The spec's password rule for signup and reset: at least this long, with upper case, lower case and a digit. */
export const STRONG_PASSWORD_MIN = 8;

/** The spec's rule (section 5): 8+ characters with an upper-case letter, a lower-case letter and a digit. */
export const strongPasswordSchema = z
  .string({ error: V.required })
  .min(1, V.required)
  .max(USER_PASSWORD_MAX, V.passwordTooLong)
  // One check, so a short password without a digit gets the rule's message once.
  .refine(
    (value) => value.length >= STRONG_PASSWORD_MIN && /\p{Lu}/u.test(value) && /\p{Ll}/u.test(value) && /\p{Nd}/u.test(value),
    V.weakPassword,
  );

export const emailCodeSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), V.invalidCode);

/** The language the form was in: the mail is written in it. */
export const mailLanguageSchema = z.enum(LANGUAGES, { error: V.invalid });

export const signupNameSchema = z
  .string({ error: V.nameRequired })
  .trim()
  .min(1, V.nameRequired)
  .min(USER_NAME_MIN, V.nameTooShort)
  .max(USER_NAME_MAX, V.nameTooLong);

/** The signup phone: typed with the mask (99) 99999-9999, kept as its digits (at most 11). */
export const signupPhoneSchema = z
  .string({ error: V.invalidNumber })
  .max(30, V.invalidNumber)
  .transform((value) => value.replace(/\D/g, ""))
  .pipe(z.string().regex(/^(\d{10,11})?$/, V.invalidNumber));

export const signupPlanIdSchema = z.coerce
  .number({ error: V.selectPlan })
  .int(V.selectPlan)
  .positive(V.selectPlan)
  .max(2_147_483_647, V.selectPlan);

/** POST /verify-email: send a signup code to this address. */
export const verifyEmailSchema = z
  .object({ email: emailSchema, name: signupNameSchema.optional(), lang: mailLanguageSchema.optional() })
  .strict();
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

/** POST /verify-code: check the signup code. */
export const verifyCodeSchema = z.object({ email: emailSchema, code: emailCodeSchema }).strict();
export type VerifyCodeInput = z.input<typeof verifyCodeSchema>;

/**
 * POST /companies/cadastro (section 3, Company signup payload). The server decides plan terms, status, due date and
 * approval: any recurrence, dueDate, status, approved or campaignsEnabled sent along is dropped, not refused, as the
 * reference client sends them.
 */
export const companySignupSchema = z.object({
  name: signupNameSchema,
  email: emailSchema,
  phone: signupPhoneSchema.optional(),
  password: strongPasswordSchema,
  planId: signupPlanIdSchema,
});
export type CompanySignupInput = z.input<typeof companySignupSchema>;

export interface CompanySignupResponse {
  id: number;
  name: string;
  /** false: a super user must approve it before its users can sign in. */
  approved: boolean;
  /** The end of the trial (yyyy-MM-dd). */
  dueDate: string | null;
}

/** POST /forgetpassword/{email}: the optional body says which language the mail is in (no body: Portuguese). */
export const forgetPasswordParamsSchema = z.object({ email: emailSchema }).strict();
export const forgetPasswordBodySchema = z.object({ lang: mailLanguageSchema.optional() }).strict();

/** POST /resetpassword: the code from the mail and the new password (spec section 3, Password reset). */
export const resetPasswordSchema = z
  .object({ email: emailSchema, token: emailCodeSchema, newPassword: strongPasswordSchema })
  .strict();
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** POST /resetpasswords/{email}/{token}/{newPassword}: the spec's form, kept for compatibility. */
export const resetPasswordParamsSchema = resetPasswordSchema;

/** The answer to a reset request and to a reset: the same whether or not the address has an account. */
export interface AccountOkResponse {
  ok: true;
}
