import type { ScheduleStatus, ScheduleView } from "@atendo/shared";

/** Translation key of each status (schedules.status.*). */
export const STATUS_LABEL_KEY: Record<ScheduleStatus, string> = {
  PENDENTE: "schedules.status.PENDENTE",
  ENVIADA: "schedules.status.ENVIADA",
  ERRO: "schedules.status.ERRO",
  EXPIRADO: "schedules.status.EXPIRADO",
};

export const STATUS_COLOR: Record<ScheduleStatus, "default" | "success" | "error" | "warning"> = {
  PENDENTE: "default",
  ENVIADA: "success",
  ERRO: "error",
  EXPIRADO: "warning",
};

/** The value of a datetime-local input for an instant, in the browser's time zone. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Whether the dialog may still change it (administration section 4: not once sent). */
export const isEditable = (schedule: ScheduleView | undefined) => schedule === undefined || schedule.editable;
