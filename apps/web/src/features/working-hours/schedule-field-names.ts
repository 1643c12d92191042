import type { FieldValues, Path } from "react-hook-form";
import { WEEKDAYS } from "@atendo/shared";

/** The form paths of the seven days' times, so the server's field errors ("body.schedules.2.endTime") land on them. */
export function scheduleFieldNames<T extends FieldValues>(): Path<T>[] {
  return WEEKDAYS.flatMap((_day, i) => [`schedules.${i}.startTime`, `schedules.${i}.endTime`]) as Path<T>[];
}
