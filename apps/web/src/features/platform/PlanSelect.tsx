import { MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { PlanRecord } from "@atendo/shared";

interface Props {
  plans: PlanRecord[];
  /** The plan id as text; "" for none chosen. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId: string;
}

/** The plan of a company: every plan (super users see private ones too). */
export function PlanSelect({ plans, value, onChange, error, testId }: Props) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      fullWidth
      required
      label={t("platform.fields.plan")}
      value={plans.some((p) => String(p.id) === value) ? value : ""}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      data-testid={testId}
    >
      {plans.map((plan) => (
        <MenuItem key={plan.id} value={String(plan.id)} data-testid={`${testId}-option-${plan.id}`}>
          {plan.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
