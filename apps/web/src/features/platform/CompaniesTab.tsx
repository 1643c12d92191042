import { useEffect, useMemo, useState } from "react";
import {
  Alert,
  Box,
  Button,
  Chip,
  Grid,
  IconButton,
  MenuItem,
  Stack,
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
import { alpha } from "@mui/material/styles";
import Block from "@mui/icons-material/Block";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import EventRepeat from "@mui/icons-material/EventRepeat";
import PlayCircleOutline from "@mui/icons-material/PlayCircleOutlined";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import {
  RECURRENCE_MONTHS,
  RECURRENCES,
  V,
  companyUpdateSchema,
  emailSchema,
  type CompanyUpdateInput,
  type PlatformCompanyView,
} from "@atendo/shared";
import { SearchField } from "../../components/SearchField.js";
import { EmptyState } from "../../components/EmptyState.js";
import { errorCodeOf } from "../auth/api-client.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { formatDate } from "../../lib/dates.js";
import { useCompanies, useDeleteCompany, usePlans, useUpdateCompany } from "./api.js";
import { dueState, extendedDueDate, type DueState } from "./company-due.js";
import { CompanyDeleteDialog } from "./CompanyDeleteDialog.js";
import { PlanSelect } from "./PlanSelect.js";
import { RecurrenceSelect } from "./RecurrenceSelect.js";

const formSchema = z.object({
  name: companyUpdateSchema.shape.name.unwrap(),
  email: emailSchema,
  phone: z.string().max(30, V.tooLong),
  planId: z.string().min(1, V.required),
  status: z.boolean(),
  approved: z.boolean(),
  campaignsEnabled: z.boolean(),
  dueDate: z.string(),
  recurrence: z.enum(RECURRENCES),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const FIELDS = ["name", "email", "phone", "planId", "status", "approved", "campaignsEnabled", "dueDate", "recurrence"] as const;

const formOf = (company: PlatformCompanyView | null): FormInput => ({
  name: company?.name ?? "",
  email: company?.email ?? "",
  phone: company?.phone ?? "",
  planId: company?.planId ? String(company.planId) : "",
  status: company?.status ?? true,
  approved: company?.approved ?? true,
  campaignsEnabled: company?.campaignsEnabled ?? true,
  dueDate: company?.dueDate ?? "",
  recurrence: company?.recurrence ?? "MENSAL",
});

const rowColour: Record<DueState, "warning" | "error" | null> = { none: null, ok: null, soon: "warning", overdue: "error" };

/** Settings, Companies (super users): the edit form above the table of every company. */
export function CompaniesTab() {
  const { t } = useTranslation();
  const companies = useCompanies();
  const plans = usePlans();
  const update = useUpdateCompany();
  const remove = useDeleteCompany();
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<PlatformCompanyView | null>(null);
  const [deleting, setDeleting] = useState<PlatformCompanyView | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: formOf(null) });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;
  const message = (m: string | undefined) => (m ? t(m) : undefined);

  useEffect(() => reset(formOf(editing)), [editing, reset]);

  const rows = useMemo(() => {
    const term = search.trim().toLowerCase();
    const all = companies.data ?? [];
    return term ? all.filter((c) => c.name.toLowerCase().includes(term) || (c.email ?? "").toLowerCase().includes(term)) : all;
  }, [companies.data, search]);

  /** One change from the table or the form; answers whether it was saved. */
  const patch = async (company: PlatformCompanyView, input: CompanyUpdateInput, success = t("platform.saved")) => {
    try {
      const saved = await update.mutateAsync({ id: company.id, input });
      toastSuccess(success, { admin: true });
      if (editing?.id === saved.id) setEditing(saved);
      return true;
    } catch (error) {
      toastError(error);
      return false;
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (!editing) return;
    try {
      const saved = await update.mutateAsync({
        id: editing.id,
        input: { ...values, planId: Number(values.planId), dueDate: values.dueDate || null },
      });
      toastSuccess(t("platform.saved"), { admin: true });
      setEditing(saved);
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === "ERR_COMPANY_NAME_ALREADY_EXISTS") form.setError("name", { message: `errors.${code}` });
      else if (!applyFieldErrors(error, form.setError, FIELDS)) toastError(error);
    }
  });

  const extend = (company: PlatformCompanyView) => {
    const dueDate = extendedDueDate(company.dueDate, company.recurrence);
    void patch(company, { dueDate }, t("platform.companies.extended", { date: formatDate(dueDate) }));
  };

  return (
    <Stack spacing={3}>
      <Box component="form" onSubmit={onSubmit} noValidate data-testid="company-form">
        <Typography variant="subtitle1" sx={{ mb: 2 }}>
          {editing ? `${t("platform.companies.formTitle")}: ${editing.name}` : t("platform.companies.formTitle")}
        </Typography>
        {!editing && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t("platform.companies.pickHint")}
          </Alert>
        )}
        <fieldset disabled={!editing} style={{ border: 0, padding: 0, margin: 0 }}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField fullWidth label={t("platform.fields.name")} {...form.register("name")} error={Boolean(errors.name)} helperText={message(errors.name?.message)} data-testid="company-name" />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField fullWidth required type="email" label={t("platform.fields.email")} {...form.register("email")} error={Boolean(errors.email)} helperText={message(errors.email?.message)} data-testid="company-email" />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField fullWidth label={t("platform.fields.phone")} {...form.register("phone")} error={Boolean(errors.phone)} helperText={message(errors.phone?.message)} data-testid="company-phone" />
            </Grid>
            <Grid size={{ xs: 12, md: 3 }}>
              <Controller
                name="planId"
                control={form.control}
                render={({ field }) => <PlanSelect plans={plans.data ?? []} value={field.value} onChange={field.onChange} error={message(errors.planId?.message)} testId="company-plan" />}
              />
            </Grid>
            {(["status", "approved", "campaignsEnabled"] as const).map((name) => (
              <Grid key={name} size={{ xs: 4, md: 2 }}>
                <Controller
                  name={name}
                  control={form.control}
                  render={({ field }) => (
                    <TextField
                      select
                      fullWidth
                      label={t(`platform.fields.${name}`)}
                      value={field.value ? "true" : "false"}
                      onChange={(e) => field.onChange(e.target.value === "true")}
                      data-testid={`company-${name}`}
                    >
                      <MenuItem value="true">{t("common.yes")}</MenuItem>
                      <MenuItem value="false">{t("common.no")}</MenuItem>
                    </TextField>
                  )}
                />
              </Grid>
            ))}
            <Grid size={{ xs: 6, md: 2 }}>
              <TextField fullWidth type="date" label={t("platform.fields.dueDate")} slotProps={{ inputLabel: { shrink: true } }} {...form.register("dueDate")} data-testid="company-dueDate" />
            </Grid>
            <Grid size={{ xs: 6, md: 1 }}>
              <Controller name="recurrence" control={form.control} render={({ field }) => <RecurrenceSelect value={field.value} onChange={field.onChange} testId="company-recurrence" />} />
            </Grid>
          </Grid>
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: "flex-end" }}>
            <Button onClick={() => setEditing(null)} data-testid="company-clear">
              {t("platform.companies.clear")}
            </Button>
            {editing && !editing.isPlatform && (
              <Button color="error" onClick={() => setDeleting(editing)} data-testid="company-form-delete">
                {t("common.delete")}
              </Button>
            )}
            {editing && (
              <Button startIcon={<EventRepeat />} onClick={() => extend(editing)} data-testid="company-form-extend">
                {t("platform.companies.extend", { count: RECURRENCE_MONTHS[editing.recurrence] })}
              </Button>
            )}
            <Button type="submit" variant="contained" disabled={!editing || isSubmitting} data-testid="company-save">
              {t("common.save")}
            </Button>
          </Stack>
        </fieldset>
      </Box>

      <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
        <SearchField placeholder={t("common.search")} value={search} onChange={setSearch} data-testid="companies-search" />
      </Stack>
      <TableContainer data-testid="companies-table">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t("platform.fields.name")}</TableCell>
              <TableCell>{t("platform.fields.email")}</TableCell>
              <TableCell>{t("platform.fields.phone")}</TableCell>
              <TableCell>{t("platform.fields.plan")}</TableCell>
              <TableCell>{t("platform.fields.status")}</TableCell>
              <TableCell>{t("platform.fields.createdAt")}</TableCell>
              <TableCell>{t("platform.fields.dueDate")}</TableCell>
              <TableCell>{t("platform.fields.recurrence")}</TableCell>
              <TableCell align="right">{t("common.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((company) => {
              const due = dueState(company.dueDate);
              const colour = rowColour[due];
              return (
                <TableRow
                  key={company.id}
                  hover
                  selected={editing?.id === company.id}
                  data-testid={`company-row-${company.id}`}
                  data-due={due}
                  sx={colour ? { bgcolor: (theme) => alpha(theme.palette[colour].main, 0.18) } : undefined}
                >
                  <TableCell>
                    {company.name} {company.isPlatform && <Chip size="small" label={t("platform.companies.platform")} />}
                  </TableCell>
                  <TableCell>{company.email}</TableCell>
                  <TableCell>{company.phone}</TableCell>
                  <TableCell>{company.plan?.name ?? "—"}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5}>
                      <Chip
                        size="small"
                        color={company.status ? "success" : "default"}
                        label={company.status ? t("platform.companies.active") : t("platform.companies.inactive")}
                        data-testid={`company-status-${company.id}`}
                      />
                      {!company.approved && <Chip size="small" color="warning" label={t("platform.companies.pending")} />}
                    </Stack>
                  </TableCell>
                  <TableCell>{formatDate(company.createdAt)}</TableCell>
                  <TableCell data-testid={`company-due-${company.id}`}>
                    {company.dueDate ? formatDate(company.dueDate) : t("platform.companies.noDueDate")}
                    {due === "soon" && ` · ${t("platform.companies.dueSoon")}`}
                    {due === "overdue" && ` · ${t("platform.companies.overdue")}`}
                  </TableCell>
                  <TableCell>{t(`platform.recurrence.${company.recurrence}`)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    <Tooltip title={t("common.edit")}>
                      <IconButton size="small" onClick={() => setEditing(company)} data-testid={`company-edit-${company.id}`}>
                        <Edit fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {!company.isPlatform && (
                      <Tooltip title={company.status ? t("platform.companies.disable") : t("platform.companies.enable")}>
                        <IconButton size="small" onClick={() => void patch(company, { status: !company.status })} data-testid={`company-toggle-${company.id}`}>
                          {company.status ? <Block fontSize="small" /> : <PlayCircleOutline fontSize="small" />}
                        </IconButton>
                      </Tooltip>
                    )}
                    {!company.approved && (
                      <Tooltip title={t("platform.companies.approve")}>
                        <IconButton size="small" onClick={() => void patch(company, { approved: true })} data-testid={`company-approve-${company.id}`}>
                          <CheckCircleOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    <Tooltip title={t("platform.companies.extend", { count: RECURRENCE_MONTHS[company.recurrence] })}>
                      <IconButton size="small" onClick={() => extend(company)} data-testid={`company-extend-${company.id}`}>
                        <EventRepeat fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {!company.isPlatform && (
                      <Tooltip title={t("common.delete")}>
                        <IconButton size="small" onClick={() => setDeleting(company)} data-testid={`company-delete-${company.id}`}>
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {companies.isSuccess && rows.length === 0 && <EmptyState message={t("platform.companies.empty")} />}
      </TableContainer>
      <CompanyDeleteDialog
        company={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(company) =>
          remove.mutate(company.id, {
            onSuccess: () => {
              toastSuccess(t("platform.companies.deleted"), { admin: true });
              if (editing?.id === company.id) setEditing(null);
            },
          })
        }
      />
    </Stack>
  );
}
