import { useEffect, useState } from "react";
import {
  Alert,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from "@mui/material";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CHECKOUT_COUNTRIES, type InvoiceView, type PixCharge, type SubscriptionView } from "@atendo/shared";
import { useAuth } from "../auth/auth-context.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { formatDate } from "../../lib/dates.js";
import { formatBrl, useStartCheckout } from "./api.js";
import { PixPayment } from "./PixPayment.js";

interface DataValues {
  firstName: string;
  lastName: string;
  cpfCnpj: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
}
const DATA_FIELDS = ["firstName", "lastName", "cpfCnpj", "address2", "city", "state", "zipcode", "country"] as const;
/** Step 0's required fields and their own messages (administration section 5). */
const REQUIRED: Partial<Record<keyof DataValues, string>> = {
  firstName: "billing.data.nameRequired",
  address2: "billing.data.addressRequired",
  city: "billing.data.cityRequired",
  zipcode: "billing.data.zipcodeRequired",
  country: "billing.data.countryRequired",
};

const STEPS = ["data", "customize", "review"] as const;
const PIX_STEP = 3;

interface Props {
  open: boolean;
  onClose: () => void;
  subscription: SubscriptionView | undefined;
  /** The invoice to pay; absent: the current period's. */
  invoice?: InvoiceView | null;
  /** Set once the payment event arrived (usePaymentConcluded). */
  renewedUntil: string | null;
}

/**
 * Checkout (administration sections 2 and 4): steps Data, Customize, Review, then the Pix screen; it opens at step 1
 * (Customize). Pix only: there are no card fields.
 */
export function CheckoutDialog({ open, onClose, subscription, invoice, renewedUntil }: Props) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const start = useStartCheckout();
  const [step, setStep] = useState(1);
  const [charge, setCharge] = useState<PixCharge | null>(null);
  const form = useForm<DataValues>({
    defaultValues: { firstName: "", lastName: "", cpfCnpj: "", address2: "", city: "", state: "", zipcode: "", country: "BR" },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!open) return;
    setStep(1);
    setCharge(null);
    const [first = "", ...rest] = (user?.name ?? "").split(" ");
    form.reset({ ...form.getValues(), firstName: form.getValues("firstName") || first, lastName: form.getValues("lastName") || rest.join(" ") });
  }, [open, user, form]);

  const plan = subscription?.plan;
  const value = invoice?.value ?? plan?.value ?? "0";
  // Checked by hand: the Data fields are unmounted on the other steps, and their values must still count.
  const dataValid = () => {
    form.clearErrors();
    const values = form.getValues();
    let valid = true;
    for (const [name, message] of Object.entries(REQUIRED) as [keyof DataValues, string][]) {
      if (!values[name].trim()) {
        form.setError(name, { type: "required", message });
        valid = false;
      }
    }
    return valid;
  };

  const next = () => {
    if (step === 0) {
      if (dataValid()) setStep(1);
    } else if (step === 1) {
      // Customize → Review needs the Data step filled: go there first when it is not.
      setStep(dataValid() ? 2 : 0);
    }
  };

  const pay = async () => {
    if (!dataValid()) return setStep(0);
    const values = form.getValues();
    {
      try {
        const result = await start.mutateAsync({
          ...values,
          cpfCnpj: values.cpfCnpj || undefined,
          state: values.state || undefined,
          lastName: values.lastName || undefined,
          country: values.country as (typeof CHECKOUT_COUNTRIES)[number],
          ...(invoice ? { invoiceId: invoice.id } : {}),
          plan: plan ? JSON.stringify({ id: plan.id, name: plan.name }) : undefined,
          price: Number(value),
          users: plan?.users,
          connections: plan?.connections,
        });
        setCharge(result);
        setStep(PIX_STEP);
        toastSuccess(t("billing.subscribed"), { admin: true });
      } catch (error) {
        if (applyFieldErrors(error, form.setError, DATA_FIELDS)) setStep(0);
        else toastError(error);
      }
    }
  };

  const field = (name: keyof DataValues, extra: { select?: boolean; xs?: number } = {}) => (
    <Grid size={{ xs: 12, sm: extra.xs ?? 6 }}>
      <TextField
        {...form.register(name)}
        select={extra.select}
        defaultValue={extra.select ? form.getValues(name) : undefined}
        label={t(`billing.data.${name}`)}
        required={Boolean(REQUIRED[name])}
        fullWidth
        size="small"
        error={Boolean(errors[name])}
        helperText={errors[name]?.message ? t(errors[name].message) : undefined}
        slotProps={{ htmlInput: { "data-testid": `checkout-${name}` } }}
      >
        {extra.select &&
          CHECKOUT_COUNTRIES.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`billing.data.countries.${c}`)}
            </MenuItem>
          ))}
      </TextField>
    </Grid>
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="checkout-dialog">
      <DialogTitle>{t("billing.checkout.title")}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }} data-testid="checkout-stepper" data-step={step}>
          {STEPS.map((s) => (
            <Step key={s}>
              <StepLabel>{t(`billing.checkout.steps.${s}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 && (
          <Grid container spacing={2} data-testid="checkout-step-data">
            {field("firstName")}
            {field("lastName")}
            {field("cpfCnpj", { xs: 12 })}
            {field("address2", { xs: 12 })}
            {field("city")}
            {field("state")}
            {field("zipcode")}
            {field("country", { select: true })}
          </Grid>
        )}
        {step === 1 && (
          <Card variant="outlined" data-testid="checkout-step-customize">
            <CardContent>
              <Typography variant="h6">{plan?.name ?? t("billing.noPlan")}</Typography>
              {plan && (
                <Typography variant="body2" color="text.secondary">
                  {t("billing.planLimits", { users: plan.users, connections: plan.connections, queues: plan.queues })}
                </Typography>
              )}
              <Typography variant="h5" sx={{ mt: 1 }}>
                {formatBrl(value)}
                <Typography component="span" variant="body2" color="text.secondary">
                  {" "}
                  {t("billing.perPeriod")}
                </Typography>
              </Typography>
              {invoice && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {t("billing.checkout.invoice", { id: invoice.id, date: formatDate(invoice.dueDate) })}
                </Typography>
              )}
            </CardContent>
          </Card>
        )}
        {step === 2 && (
          <div data-testid="checkout-step-review">
            <Typography variant="subtitle1" gutterBottom>
              {t("billing.checkout.reviewTitle")}
            </Typography>
            <Typography variant="body2">{[form.getValues("firstName"), form.getValues("lastName")].filter(Boolean).join(" ")}</Typography>
            <Typography variant="body2">
              {form.getValues("address2")}, {form.getValues("city")} {form.getValues("state")} {form.getValues("zipcode")} ·{" "}
              {t(`billing.data.countries.${form.getValues("country")}`)}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {plan?.name} · <strong>{formatBrl(value)}</strong>
            </Typography>
            <Alert severity="info" sx={{ mt: 2 }}>
              {t("billing.checkout.pixOnly")}
            </Alert>
          </div>
        )}
        {step === PIX_STEP && charge && <PixPayment charge={charge} renewedUntil={renewedUntil} />}
      </DialogContent>
      <DialogActions>
        {step < PIX_STEP && step > 0 && (
          <Button onClick={() => setStep(step - 1)} data-testid="checkout-back">
            {t("billing.checkout.back")}
          </Button>
        )}
        <Button onClick={onClose} data-testid="checkout-close">
          {step === PIX_STEP ? t("billing.checkout.close") : t("common.cancel")}
        </Button>
        {step < 2 && (
          <Button variant="contained" onClick={next} data-testid="checkout-next">
            {t("billing.checkout.next")}
          </Button>
        )}
        {step === 2 && (
          <Button variant="contained" onClick={() => void pay()} disabled={start.isPending} data-testid="checkout-pay">
            {t("billing.checkout.pay")}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
