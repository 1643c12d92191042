import { useEffect } from "react";
import { Alert, Box, Button, Skeleton } from "@mui/material";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { companySchedulesSchema, defaultWorkingHours, type WorkingHoursEntry } from "@atendo/shared";
import { useAuth } from "../auth/auth-context.js";
import { useCan } from "../auth/useCan.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { useCompanySchedules, useUpdateCompanySchedules } from "./api.js";
import { scheduleFieldNames } from "./schedule-field-names.js";
import { WorkingHoursFields, type WorkingHoursErrors } from "./WorkingHoursFields.js";

type FormInput = z.input<typeof companySchedulesSchema>;
type FormOutput = z.output<typeof companySchedulesSchema>;

/** The Schedules tab of /settings: the company's working hours (used when scheduleType is "company"). */
export function CompanySchedulesForm() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const companyId = user?.companyId ?? 0;
  const canUpdate = useCan("settings:update");
  const schedules = useCompanySchedules(companyId);
  const update = useUpdateCompanySchedules(companyId);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(companySchedulesSchema),
    defaultValues: { schedules: defaultWorkingHours() },
  });
  const { reset } = form;

  useEffect(() => {
    if (schedules.data) reset({ schedules: schedules.data });
  }, [schedules.data, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toastSuccess(t("workingHours.updated"), { admin: true });
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, scheduleFieldNames<FormInput>())) toastError(error);
    }
  });

  if (schedules.isPending) return <Skeleton variant="rounded" height={320} />;

  return (
    <Box component="form" onSubmit={onSubmit} noValidate data-testid="company-schedules" sx={{ maxWidth: 640 }}>
      {!canUpdate && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("settings.readOnly")}
        </Alert>
      )}
      <Controller
        control={form.control}
        name="schedules"
        render={({ field, fieldState }) => (
          <WorkingHoursFields
            value={field.value as WorkingHoursEntry[]}
            onChange={field.onChange}
            errors={fieldState.error as WorkingHoursErrors}
            disabled={!canUpdate}
          />
        )}
      />
      {canUpdate && (
        <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 3 }}>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} data-testid="company-schedules-save">
            {t("common.save")}
          </Button>
        </Box>
      )}
    </Box>
  );
}
