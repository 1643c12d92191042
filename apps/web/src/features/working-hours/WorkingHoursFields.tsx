import { Box, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { WorkingHoursEntry } from "@atendo/shared";
import { maskTime } from "./time-mask.js";

type TimeField = "startTime" | "endTime";
/** react-hook-form's errors for the schedules array, one entry per day. */
export type WorkingHoursErrors = readonly ({ [K in TimeField]?: { message?: string } } | undefined)[] | undefined;

interface Props {
  value: readonly WorkingHoursEntry[];
  onChange: (value: WorkingHoursEntry[]) => void;
  errors?: WorkingHoursErrors;
  disabled?: boolean;
}

/** Seven rows of opening and closing times, typed as ##:## (queue dialog and the settings' Schedules tab). */
export function WorkingHoursFields({ value, onChange, errors, disabled = false }: Props) {
  const { t } = useTranslation();
  const change = (index: number, field: TimeField, text: string) =>
    onChange(value.map((day, i) => (i === index ? { ...day, [field]: maskTime(text) } : day)));

  return (
    <Box
      data-testid="working-hours"
      sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "minmax(120px, 1fr) 1fr 1fr" }, gap: 2, alignItems: "start" }}
    >
      {value.map((day, index) => {
        const field = (name: TimeField) => {
          const message = errors?.[index]?.[name]?.message;
          return (
            <TextField
              label={t(`workingHours.${name}`)}
              value={day[name]}
              onChange={(event) => change(index, name, event.target.value)}
              error={Boolean(message)}
              helperText={message ? t(message) : undefined}
              disabled={disabled}
              placeholder="HH:MM"
              size="small"
              data-testid={`working-hours-${day.weekdayEn}-${name === "startTime" ? "start" : "end"}`}
              slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 5 } }}
            />
          );
        };
        return (
          <Box key={day.weekdayEn} sx={{ display: "contents" }} data-testid={`working-hours-${day.weekdayEn}`}>
            <Typography sx={{ gridColumn: { xs: "1 / -1", sm: "auto" }, pt: { sm: 1 }, fontWeight: 500 }}>
              {t(`workingHours.days.${day.weekdayEn}`)}
            </Typography>
            {field("startTime")}
            {field("endTime")}
          </Box>
        );
      })}
    </Box>
  );
}
