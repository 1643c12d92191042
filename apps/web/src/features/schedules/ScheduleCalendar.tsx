import { useMemo, useState, type MouseEvent } from "react";
import { Box, IconButton, Paper, Tooltip } from "@mui/material";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import { Calendar, dateFnsLocalizer, Views, type EventProps, type View } from "react-big-calendar";
import "react-big-calendar/lib/css/react-big-calendar.css";
import { addDays, endOfMonth, endOfWeek, format, getDay, parse, startOfDay, startOfMonth, startOfWeek } from "date-fns";
import { enUS, es, ptBR } from "date-fns/locale";
import { useTranslation } from "react-i18next";
import type { ScheduleView } from "@atendo/shared";
import { useSchedulesInRange } from "./api.js";

/** The calendar's locales by the app's languages (Portuguese first, the spec's labels). */
const LOCALES = { "pt-BR": ptBR, "en-US": enUS, es };
const CULTURE: Record<string, keyof typeof LOCALES> = { pt: "pt-BR", en: "en-US", es: "es" };
const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: LOCALES });

/** How long an event looks on the week and day grids; a schedule is an instant. */
const EVENT_MINUTES = 30;

interface CalendarEvent {
  title: string;
  start: Date;
  end: Date;
  resource: ScheduleView;
}

/** The weeks a view shows around `date` (the month view shows whole weeks): what to fetch. */
export function visibleRange(date: Date, view: View, weekStartsOn: 0 | 1 = 0): { from: Date; to: Date } {
  if (view === Views.DAY) return { from: startOfDay(date), to: addDays(startOfDay(date), 1) };
  if (view === Views.WEEK) {
    const from = startOfWeek(date, { weekStartsOn });
    return { from, to: addDays(from, 7) };
  }
  return { from: startOfWeek(startOfMonth(date), { weekStartsOn }), to: addDays(startOfDay(endOfWeek(endOfMonth(date), { weekStartsOn })), 1) };
}

interface Props {
  onEdit: (schedule: ScheduleView) => void;
  onDelete: (schedule: ScheduleView) => void;
}

/** Month, week and day calendar of the company's schedules, labelled in the user's language; each event has edit and delete icons. */
export function ScheduleCalendar({ onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const culture = CULTURE[i18n.language.slice(0, 2)] ?? "pt-BR";
  const [date, setDate] = useState(() => new Date());
  const [view, setView] = useState<View>(Views.MONTH);
  const weekStartsOn = (LOCALES[culture].options?.weekStartsOn ?? 0) as 0 | 1;
  const range = useMemo(() => visibleRange(date, view, weekStartsOn), [date, view, weekStartsOn]);
  const schedules = useSchedulesInRange(range.from, range.to);

  const events = useMemo<CalendarEvent[]>(
    () =>
      (schedules.data ?? []).map((schedule) => {
        const start = new Date(schedule.sendAt);
        return { title: `${schedule.contact?.name ?? ""}: ${schedule.body}`, start, end: new Date(start.getTime() + EVENT_MINUTES * 60_000), resource: schedule };
      }),
    [schedules.data],
  );

  const messages = useMemo(
    () => ({
      today: t("schedules.calendar.today"),
      previous: t("schedules.calendar.previous"),
      next: t("schedules.calendar.next"),
      month: t("schedules.calendar.month"),
      week: t("schedules.calendar.week"),
      day: t("schedules.calendar.day"),
      agenda: t("schedules.calendar.agenda"),
      date: t("schedules.calendar.date"),
      time: t("schedules.calendar.time"),
      event: t("schedules.calendar.event"),
      allDay: t("schedules.calendar.allDay"),
      noEventsInRange: t("schedules.calendar.noEvents"),
      showMore: (count: number) => t("schedules.calendar.showMore", { count }),
    }),
    [t],
  );

  const components = useMemo(
    () => ({
      event: ({ event }: EventProps<CalendarEvent>) => {
        const schedule = event.resource;
        const stop = (handler: (s: ScheduleView) => void) => (e: MouseEvent) => {
          e.stopPropagation();
          handler(schedule);
        };
        return (
          <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, minWidth: 0 }} data-testid={`schedule-event-${schedule.id}`} data-status={schedule.status}>
            <Box component="span" sx={{ flex: 1, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
              {event.title}
            </Box>
            <Tooltip title={schedule.editable ? t("common.edit") : t("schedules.view")}>
              <IconButton size="small" sx={{ color: "inherit", p: 0.25 }} onClick={stop(onEdit)} data-testid={`schedule-event-edit-${schedule.id}`}>
                <Edit sx={{ fontSize: 14 }} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t("common.delete")}>
              <IconButton size="small" sx={{ color: "inherit", p: 0.25 }} onClick={stop(onDelete)} data-testid={`schedule-event-delete-${schedule.id}`}>
                <DeleteOutlined sx={{ fontSize: 14 }} />
              </IconButton>
            </Tooltip>
          </Box>
        );
      },
    }),
    [onEdit, onDelete, t],
  );

  return (
    <Paper variant="outlined" sx={{ p: 1, height: 620 }} data-testid="schedules-calendar">
      <Calendar<CalendarEvent>
        localizer={localizer}
        culture={culture}
        messages={messages}
        events={events}
        date={date}
        view={view}
        views={[Views.MONTH, Views.WEEK, Views.DAY]}
        onNavigate={setDate}
        onView={setView}
        onSelectEvent={(event) => onEdit(event.resource)}
        components={components}
        eventPropGetter={(event) => ({
          style: { backgroundColor: event.resource.status === "ENVIADA" ? "#2e7d32" : event.resource.status === "PENDENTE" ? undefined : "#c62828" },
        })}
        popup
        style={{ height: "100%" }}
      />
    </Paper>
  );
}
