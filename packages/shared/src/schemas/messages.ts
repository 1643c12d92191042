/**
 * Validation messages are translation keys under `validation.` in the web client's files,
 * so the server's field errors and the forms show the same words in pt, en and es.
 */
export const V = {
  required: "validation.required",
  tooShort: "validation.tooShort",
  tooLong: "validation.tooLong",
  invalidEmail: "validation.invalidEmail",
  invalid: "validation.invalid",
  nameTooShort: "validation.nameTooShort",
  nameTooLong: "validation.nameTooLong",
  nameRequired: "validation.nameRequired",
  passwordTooShort: "validation.passwordTooShort",
  passwordTooLong: "validation.passwordTooLong",
  messageTooShort: "validation.messageTooShort",
  invalidTime: "validation.invalidTime",
  endBeforeStart: "validation.endBeforeStart",
  invalidNumber: "validation.invalidNumber",
  weakPassword: "validation.weakPassword",
  passwordsDiffer: "validation.passwordsDiffer",
  selectPlan: "validation.selectPlan",
  invalidCode: "validation.invalidCode",
  queueRequired: "validation.queueRequired",
} as const;

export type ValidationMessageKey = (typeof V)[keyof typeof V];
export const VALIDATION_MESSAGE_KEYS = Object.values(V);
