import { useEffect, useState } from "react";
import {
  Box,
  Button,
  FormControlLabel,
  Grid,
  IconButton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import Check from "@mui/icons-material/Check";
import Close from "@mui/icons-material/Close";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { PLAN_FLAGS, planSchema, type PlanFlag, type PlanRecord } from "@atendo/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { EmptyState } from "../../components/EmptyState.js";
import { errorCodeOf } from "../auth/api-client.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { useDeletePlan, usePlans, useSavePlan } from "./api.js";

// The form holds every flag and isPublic; numbers arrive as text from the inputs and are coerced by the schema.
const formSchema = planSchema.required({ isPublic: true, ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, true])) } as Record<"isPublic" | PlanFlag, true>);
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const LIMITS = ["users", "connections", "queues"] as const;
const FIELDS = ["name", ...LIMITS, "value", "isPublic", ...PLAN_FLAGS] as const;

const noFlags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, false])) as Record<PlanFlag, boolean>;
const flagsOf = (plan: PlanRecord) => Object.fromEntries(PLAN_FLAGS.map((f) => [f, plan[f]])) as Record<PlanFlag, boolean>;
const formOf = (plan: PlanRecord | null): FormInput =>
  plan
    ? { name: plan.name, users: plan.users, connections: plan.connections, queues: plan.queues, value: plan.value, isPublic: plan.isPublic, ...flagsOf(plan) }
    : { name: "", users: 0, connections: 0, queues: 0, value: "0", isPublic: true, ...noFlags };

const money = (value: string, language: string) =>
  new Intl.NumberFormat(language === "en" ? "en-US" : language === "es" ? "es-ES" : "pt-BR", { style: "currency", currency: "BRL" }).format(Number(value));

/** Settings, Plans (super users): the plan form above the table of plans with their limits and flags. */
export function PlansTab() {
  const { t, i18n } = useTranslation();
  const plans = usePlans();
  const save = useSavePlan();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<PlanRecord | null>(null);
  const [deleting, setDeleting] = useState<PlanRecord | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: formOf(null) });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;
  const message = (m: string | undefined) => (m ? t(m) : undefined);

  useEffect(() => reset(formOf(editing)), [editing, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: editing?.id, input: values });
      toastSuccess(t("platform.saved"), { admin: true });
      setEditing(null);
      reset(formOf(null));
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === "ERR_PLAN_NAME_ALREADY_EXISTS") form.setError("name", { message: `errors.${code}` });
      else if (!applyFieldErrors(error, form.setError, FIELDS)) toastError(error);
    }
  });

  return (
    <Stack spacing={3}>
      <Box component="form" onSubmit={onSubmit} noValidate data-testid="plan-form">
        <Typography variant="subtitle1" sx={{ mb: 2 }}>
          {editing ? t("platform.plans.formTitleEdit") : t("platform.plans.formTitleNew")}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField fullWidth required label={t("platform.fields.name")} {...form.register("name")} error={Boolean(errors.name)} helperText={message(errors.name?.message)} data-testid="plan-name" />
          </Grid>
          {LIMITS.map((limit) => (
            <Grid key={limit} size={{ xs: 4, md: 2 }}>
              <TextField
                fullWidth
                required
                type="number"
                label={t(`platform.fields.${limit}`)}
                slotProps={{ htmlInput: { min: 0, step: 1 } }}
                {...form.register(limit)}
                error={Boolean(errors[limit])}
                helperText={message(errors[limit]?.message)}
                data-testid={`plan-${limit}`}
              />
            </Grid>
          ))}
          <Grid size={{ xs: 12, md: 2 }}>
            <TextField fullWidth required label={t("platform.fields.value")} {...form.register("value")} error={Boolean(errors.value)} helperText={message(errors.value?.message)} data-testid="plan-value" />
          </Grid>
        </Grid>
        <Stack direction="row" sx={{ mt: 1, flexWrap: "wrap" }}>
          {(["isPublic", ...PLAN_FLAGS] as const).map((name) => (
            <Controller
              key={name}
              name={name}
              control={form.control}
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />}
                  label={name === "isPublic" ? t("platform.fields.isPublic") : t(`platform.flags.${name}`)}
                  data-testid={`plan-${name}`}
                />
              )}
            />
          ))}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: "flex-end" }}>
          <Button onClick={() => setEditing(null)} data-testid="plan-clear">
            {t("platform.plans.new")}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="plan-save">
            {t("common.save")}
          </Button>
        </Stack>
      </Box>

      <TableContainer data-testid="plans-table">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t("platform.fields.name")}</TableCell>
              {LIMITS.map((limit) => (
                <TableCell key={limit} align="center">
                  {t(`platform.fields.${limit}`)}
                </TableCell>
              ))}
              <TableCell align="right">{t("platform.fields.value")}</TableCell>
              <TableCell align="center">{t("platform.fields.isPublic")}</TableCell>
              {PLAN_FLAGS.map((flag) => (
                <TableCell key={flag} align="center">
                  {t(`platform.flags.${flag}`)}
                </TableCell>
              ))}
              <TableCell align="right">{t("common.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(plans.data ?? []).map((plan) => (
              <TableRow key={plan.id} hover selected={editing?.id === plan.id} data-testid={`plan-row-${plan.id}`}>
                <TableCell>{plan.name}</TableCell>
                {LIMITS.map((limit) => (
                  <TableCell key={limit} align="center" data-testid={`plan-${plan.id}-${limit}`}>
                    {plan[limit]}
                  </TableCell>
                ))}
                <TableCell align="right">{money(plan.value, i18n.language)}</TableCell>
                {(["isPublic", ...PLAN_FLAGS] as const).map((flag) => (
                  <TableCell key={flag} align="center" data-testid={`plan-${plan.id}-${flag}`} data-on={plan[flag] ? "true" : "false"}>
                    {plan[flag] ? <Check fontSize="small" color="success" aria-label={t("common.yes")} /> : <Close fontSize="small" color="disabled" aria-label={t("common.no")} />}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  <Tooltip title={t("common.edit")}>
                    <IconButton size="small" onClick={() => setEditing(plan)} data-testid={`plan-edit-${plan.id}`}>
                      <Edit fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t("common.delete")}>
                    <IconButton size="small" onClick={() => setDeleting(plan)} data-testid={`plan-delete-${plan.id}`}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {plans.isSuccess && plans.data.length === 0 && <EmptyState message={t("platform.plans.empty")} />}
      </TableContainer>
      <ConfirmDialog
        open={deleting !== null}
        title={t("platform.plans.deleteTitle", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toastSuccess(t("platform.plans.deleted"), { admin: true });
              if (editing?.id === deleting.id) setEditing(null);
            },
          });
        }}
      />
    </Stack>
  );
}
