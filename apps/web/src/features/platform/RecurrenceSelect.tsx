import { MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { RECURRENCES, SELECTABLE_RECURRENCES, type Recurrence } from "@atendo/shared";

interface Props {
  value: Recurrence;
  onChange: (value: Recurrence) => void;
  testId: string;
}

/** Recurrence: every value is shown (a company may hold another), only MENSAL can be chosen (administration section 3). */
export function RecurrenceSelect({ value, onChange, testId }: Props) {
  const { t } = useTranslation();
  return (
    <TextField select fullWidth label={t("platform.fields.recurrence")} value={value} onChange={(e) => onChange(e.target.value as Recurrence)} data-testid={testId}>
      {RECURRENCES.map((r) => (
        <MenuItem key={r} value={r} disabled={!SELECTABLE_RECURRENCES.includes(r)} data-testid={`${testId}-option-${r}`}>
          {t(`platform.recurrence.${r}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
