import { Box, Button, Grid, Stack, TextField, Typography } from "@mui/material";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { RECURRENCES, V, companyCreateSchema, emailSchema, userNameSchema, userPasswordSchema, type CompanyCreateInput } from "@atendo/shared";
import { errorCodeOf } from "../auth/api-client.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { useCreateCompany, usePlans } from "./api.js";
import { defaultDueDate } from "./company-due.js";
import { PlanSelect } from "./PlanSelect.js";
import { RecurrenceSelect } from "./RecurrenceSelect.js";

const formSchema = z.object({
  name: companyCreateSchema.shape.name,
  email: emailSchema,
  phone: z.string().max(30, V.tooLong),
  // Company form: e-mail and plan required (administration section 5).
  planId: z.string().min(1, V.required),
  dueDate: z.string(),
  recurrence: z.enum(RECURRENCES),
  adminName: z.union([z.literal(""), userNameSchema]),
  adminEmail: z.union([z.literal(""), emailSchema]),
  password: userPasswordSchema,
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const FIELDS = ["name", "email", "phone", "planId", "dueDate", "recurrence", "adminName", "adminEmail", "password"] as const;

const emptyForm = (): FormInput => ({
  name: "",
  email: "",
  phone: "",
  planId: "",
  dueDate: defaultDueDate(),
  recurrence: "MENSAL",
  adminName: "",
  adminEmail: "",
  password: "",
});

/** Settings, Register Company (super users): a company and its first admin, who can sign in at once. */
export function RegisterCompanyTab() {
  const { t } = useTranslation();
  const plans = usePlans();
  const create = useCreateCompany();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: emptyForm() });
  const { errors, isSubmitting } = form.formState;
  const message = (m: string | undefined) => (m ? t(m) : undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    const input: CompanyCreateInput = {
      name: values.name,
      email: values.email,
      phone: values.phone,
      planId: Number(values.planId),
      dueDate: values.dueDate || null,
      recurrence: values.recurrence,
      password: values.password,
      status: true,
      approved: true,
      campaignsEnabled: true,
      ...(values.adminName ? { adminName: values.adminName } : {}),
      ...(values.adminEmail ? { adminEmail: values.adminEmail } : {}),
    };
    try {
      const company = await create.mutateAsync(input);
      toastSuccess(t("platform.register.created", { name: company.name }), { admin: true });
      form.reset(emptyForm());
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === "ERR_COMPANY_NAME_ALREADY_EXISTS") form.setError("name", { message: `errors.${code}` });
      else if (code === "ERR_EMAIL_ALREADY_EXISTS") form.setError(values.adminEmail ? "adminEmail" : "email", { message: `errors.${code}` });
      else if (!applyFieldErrors(error, form.setError, FIELDS)) toastError(error);
    }
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate data-testid="register-company-form">
      <Typography variant="subtitle1" sx={{ mb: 2 }}>
        {t("platform.register.title")}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField fullWidth required label={t("platform.fields.name")} {...form.register("name")} error={Boolean(errors.name)} helperText={message(errors.name?.message)} data-testid="register-name" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField fullWidth required type="email" label={t("platform.fields.email")} {...form.register("email")} error={Boolean(errors.email)} helperText={message(errors.email?.message)} data-testid="register-email" />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField fullWidth label={t("platform.fields.phone")} {...form.register("phone")} error={Boolean(errors.phone)} helperText={message(errors.phone?.message)} data-testid="register-phone" />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Controller
            name="planId"
            control={form.control}
            render={({ field }) => (
              <PlanSelect plans={plans.data ?? []} value={field.value} onChange={field.onChange} error={message(errors.planId?.message)} testId="register-plan" />
            )}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <TextField
            fullWidth
            type="date"
            label={t("platform.fields.dueDate")}
            slotProps={{ inputLabel: { shrink: true } }}
            {...form.register("dueDate")}
            data-testid="register-dueDate"
          />
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <Controller name="recurrence" control={form.control} render={({ field }) => <RecurrenceSelect value={field.value} onChange={field.onChange} testId="register-recurrence" />} />
        </Grid>
      </Grid>
      <Typography variant="subtitle2" sx={{ mt: 3, mb: 2 }}>
        {t("platform.register.adminSection")}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField fullWidth label={t("platform.fields.adminName")} {...form.register("adminName")} error={Boolean(errors.adminName)} helperText={message(errors.adminName?.message)} data-testid="register-adminName" />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            fullWidth
            type="email"
            label={t("platform.fields.adminEmail")}
            {...form.register("adminEmail")}
            error={Boolean(errors.adminEmail)}
            helperText={message(errors.adminEmail?.message) ?? t("platform.fields.adminEmailHint")}
            data-testid="register-adminEmail"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            fullWidth
            required
            type="password"
            autoComplete="new-password"
            label={t("platform.fields.password")}
            {...form.register("password")}
            error={Boolean(errors.password)}
            helperText={message(errors.password?.message)}
            data-testid="register-password"
          />
        </Grid>
      </Grid>
      <Stack direction="row" sx={{ mt: 3, justifyContent: "flex-end" }}>
        <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="register-submit">
          {t("platform.register.submit")}
        </Button>
      </Stack>
    </Box>
  );
}
