import { useState } from "react";
import { Alert, Button, Card, CardContent, List, ListItem, ListItemText, Stack, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { daysUntil } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { formatDate } from "../lib/dates.js";
import { formatBrl, useSubscription } from "../features/billing/api.js";
import { CheckoutDialog } from "../features/billing/CheckoutDialog.js";
import { usePaymentConcluded } from "../features/billing/usePaymentConcluded.js";

/** Assinatura (administration section 2): licence days left (rounded up), billing e-mail (read-only), 'Assine Agora!'. */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const subscription = useSubscription();
  const renewedUntil = usePaymentConcluded();
  const [open, setOpen] = useState(false);
  const data = subscription.data;
  const dueDate = data?.company.dueDate ?? null;
  const days = dueDate ? daysUntil(dueDate) : null;

  return (
    <>
      <PageHeader title={t("billing.subscription.title")} />
      {data && (
        <Card variant="outlined" sx={{ maxWidth: 560 }}>
          <CardContent>
            {renewedUntil && (
              <Alert severity="success" sx={{ mb: 2 }} data-testid="subscription-renewed">
                {t("billing.renewed", { date: formatDate(renewedUntil) })}
              </Alert>
            )}
            <List disablePadding>
              <ListItem disableGutters>
                <ListItemText
                  primary={t("billing.subscription.licence")}
                  secondary={
                    days === null
                      ? t("billing.subscription.noDueDate")
                      : days >= 0
                        ? t("billing.subscription.daysLeft", { count: days })
                        : t("billing.subscription.expired", { date: formatDate(dueDate!) })
                  }
                  slotProps={{ secondary: { "data-testid": "subscription-days" } as object }}
                />
              </ListItem>
              {data.plan && (
                <ListItem disableGutters>
                  <ListItemText
                    primary={t("billing.subscription.plan")}
                    secondary={`${data.plan.name} · ${formatBrl(data.plan.value)} ${t("billing.perPeriod")}`}
                    slotProps={{ secondary: { "data-testid": "subscription-plan" } as object }}
                  />
                </ListItem>
              )}
            </List>
            <Stack spacing={2} sx={{ mt: 1 }}>
              <TextField
                label={t("billing.subscription.billingEmail")}
                value={data.company.email ?? ""}
                size="small"
                slotProps={{ htmlInput: { readOnly: true, "data-testid": "subscription-email" } }}
              />
              <Button
                variant="contained"
                size="large"
                onClick={() => setOpen(true)}
                disabled={!data.plan}
                data-testid="subscribe-now"
              >
                {t("billing.subscription.subscribeNow")}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
      <CheckoutDialog
        open={open}
        onClose={() => setOpen(false)}
        subscription={data}
        invoice={data?.openInvoice ?? null}
        renewedUntil={renewedUntil}
      />
    </>
  );
}
