import { z } from "zod";
import { V } from "./messages.js";

/** Queue dialog bounds (core-service section 5). */
export const QUEUE_NAME_MIN = 2;
export const QUEUE_NAME_MAX = 50;
export const QUEUE_COLOR_MIN = 3;
export const QUEUE_COLOR_MAX = 9;
/** Greeting and out-of-hours texts: the spec leaves them free; a bound keeps rows sane. */
export const QUEUE_MESSAGE_MAX = 5_000;
export const QUEUE_ORDER_MAX = 9_999;
export const QUEUE_TOKEN_MAX = 255;

/** The seven days of a working-hours table, in order, with the Portuguese names the spec stores in `weekday`. */
export const WEEKDAYS = [
  { weekday: "Segunda-feira", weekdayEn: "monday" },
  { weekday: "Terça-feira", weekdayEn: "tuesday" },
  { weekday: "Quarta-feira", weekdayEn: "wednesday" },
  { weekday: "Quinta-feira", weekdayEn: "thursday" },
  { weekday: "Sexta-feira", weekdayEn: "friday" },
  { weekday: "Sábado", weekdayEn: "saturday" },
  { weekday: "Domingo", weekdayEn: "sunday" },
] as const;
export type WeekdayEn = (typeof WEEKDAYS)[number]["weekdayEn"];
const WEEKDAY_EN = WEEKDAYS.map((day) => day.weekdayEn) as [WeekdayEn, ...WeekdayEn[]];

export interface WorkingHoursEntry {
  weekday: string;
  weekdayEn: WeekdayEn;
  /** HH:MM, 00:00 to 23:59. */
  startTime: string;
  endTime: string;
}

const hoursOf = (weekdayEn: WeekdayEn): [string, string] => {
  if (weekdayEn === "saturday") return ["08:00", "12:00"];
  if (weekdayEn === "sunday") return ["00:00", "00:00"];
  return ["08:00", "18:00"];
};

/** Default working hours (core-service section 9): Mon–Fri 08:00–18:00, Sat 08:00–12:00, Sun 00:00–00:00. */
export function defaultWorkingHours(): WorkingHoursEntry[] {
  return WEEKDAYS.map(({ weekday, weekdayEn }) => {
    const [startTime, endTime] = hoursOf(weekdayEn);
    return { weekday, weekdayEn, startTime, endTime };
  });
}

/** A time of day typed as ##:## (spec: time fields use ##:##). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeOfDaySchema = z.string({ error: V.required }).regex(TIME_OF_DAY, V.invalidTime);

export const workingHoursEntrySchema = z
  .object({
    // The Portuguese name is derived from weekdayEn on the server; clients may send it or not.
    weekday: z.string().max(30, V.tooLong).optional(),
    weekdayEn: z.enum(WEEKDAY_EN, { error: V.invalid }),
    startTime: timeOfDaySchema,
    endTime: timeOfDaySchema,
  })
  .strict()
  // A day closes after it opens. Equal times are a closed day (the default Sunday 00:00-00:00); 00:00 as the end
  // is midnight, the day's end.
  .refine((day) => !TIME_OF_DAY.test(day.startTime) || !TIME_OF_DAY.test(day.endTime) || endsAfterStart(day.startTime, day.endTime), {
    message: V.endBeforeStart,
    path: ["endTime"],
  });

/** Whether a working day's end comes after its start (or the day is closed: equal; or ends at midnight: 00:00). */
export function endsAfterStart(startTime: string, endTime: string): boolean {
  return endTime === startTime || endTime === "00:00" || endTime > startTime;
}

/**
 * Seven entries, one per weekday; stored in weekday order with the canonical Portuguese names, so what the
 * out-of-hours logic reads never depends on how a client spelled or ordered them.
 */
export const workingHoursSchema = z
  .array(workingHoursEntrySchema, { error: V.invalid })
  .length(WEEKDAYS.length, V.invalid)
  .refine((entries) => new Set(entries.map((entry) => entry.weekdayEn)).size === WEEKDAYS.length, V.invalid)
  .transform((entries): WorkingHoursEntry[] =>
    WEEKDAYS.map(({ weekday, weekdayEn }) => {
      const entry = entries.find((candidate) => candidate.weekdayEn === weekdayEn)!;
      return { weekday, weekdayEn, startTime: entry.startTime, endTime: entry.endTime };
    }),
  );

export const companySchedulesSchema = z.object({ schedules: workingHoursSchema }).strict();
export type CompanySchedulesInput = z.input<typeof companySchedulesSchema>;

export const queueNameSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .min(QUEUE_NAME_MIN, V.tooShort)
  .max(QUEUE_NAME_MAX, V.tooLong);

/** A colour as the palette and the hex field give it (#rgb, #rrggbb, #rrggbbaa) or a short CSS colour name. */
export const queueColorSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .min(QUEUE_COLOR_MIN, V.tooShort)
  .max(QUEUE_COLOR_MAX, V.tooLong)
  .regex(/^#?[0-9a-zA-Z]+$/, V.invalid);

/** The order field arrives as a number from API clients and as text from the form; empty means no order. */
const orderQueueSchema = z.preprocess(
  (value) => (value === "" || value === undefined ? null : typeof value === "string" ? Number(value) : value),
  z
    .number({ error: V.invalid })
    .int(V.invalid)
    .min(0, V.invalid)
    .max(QUEUE_ORDER_MAX, V.invalid)
    .nullable(),
);

/**
 * Create or edit a queue (core-service sections 3 and 5). Fields left out keep their stored value on edit.
 * integrationId and promptId name a queue integration and an AI prompt of the company, or null; the server refuses
 * an id that points nowhere or to another company.
 */
/** An integration or prompt id, or null ("" from a form's empty select is null too). */
const linkIdSchema = z.preprocess(
  (value) => (value === "" ? null : typeof value === "string" ? Number(value) : value),
  z.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2_147_483_647, V.invalid).nullable(),
);

export const queueSchema = z
  .object({
    name: queueNameSchema,
    color: queueColorSchema,
    greetingMessage: z.string({ error: V.invalid }).max(QUEUE_MESSAGE_MAX, V.tooLong).optional(),
    outOfHoursMessage: z.string({ error: V.invalid }).max(QUEUE_MESSAGE_MAX, V.tooLong).optional(),
    /** The queue's farewell and rating question; empty means the connection's. */
    complationMessage: z.string({ error: V.invalid }).max(QUEUE_MESSAGE_MAX, V.tooLong).optional(),
    ratingMessage: z.string({ error: V.invalid }).max(QUEUE_MESSAGE_MAX, V.tooLong).optional(),
    /** The core spec's queue token (section 3): an opaque label, stored and answered as sent (docs/DECISIONS.md). */
    token: z.string({ error: V.invalid }).trim().max(QUEUE_TOKEN_MAX, V.tooLong).optional(),
    orderQueue: orderQueueSchema.optional(),
    // A queue integration / AI prompt of the company (checked on the server: ERR_INVALID_INTEGRATION / ERR_INVALID_PROMPT).
    integrationId: linkIdSchema.optional(),
    promptId: linkIdSchema.optional(),
    schedules: workingHoursSchema.optional(),
  })
  .strict();
export type QueueInput = z.input<typeof queueSchema>;
export type QueueData = z.output<typeof queueSchema>;

/** A queue as the API answers it (core-service section 3, Queue). */
export interface QueueView {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  complationMessage: string;
  ratingMessage: string;
  token: string;
  orderQueue: number | null;
  integrationId: number | null;
  promptId: number | null;
  schedules: WorkingHoursEntry[];
  /** Relative to the server's file storage; null when the queue has no attachment. */
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Payload of `company-{id}-queue`. */
export type QueueEventPayload =
  | { action: "create" | "update"; queue: QueueView }
  | { action: "delete"; queueId: number };
