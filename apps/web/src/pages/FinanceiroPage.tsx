import { useMemo, useState } from "react";
import { Button, Chip, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import { alpha } from "@mui/material/styles";
import { Link as RouterLink } from "react-router";
import { useTranslation } from "react-i18next";
import { invoiceDisplayStatus, type InvoiceView } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { EmptyState } from "../components/EmptyState.js";
import { formatDate } from "../lib/dates.js";
import { useNearBottom } from "../hooks/useNearBottom.js";
import { formatBrl, todayUtc, useInvoices, useSubscription } from "../features/billing/api.js";
import { CheckoutDialog } from "../features/billing/CheckoutDialog.js";
import { usePaymentConcluded } from "../features/billing/usePaymentConcluded.js";

const STATUS_COLOR = { paid: "success", overdue: "error", open: "warning" } as const;

/** Faturas (administration sections 2 and 4): infinite-scroll table, Pago / Vencido (tinted) / Em Aberto, Pay on unpaid rows. */
export function FinanceiroPage() {
  const { t } = useTranslation();
  const list = useInvoices();
  const subscription = useSubscription();
  const renewedUntil = usePaymentConcluded();
  const [paying, setPaying] = useState<InvoiceView | null>(null);
  const invoices = useMemo(() => list.data?.pages.flatMap((page) => page.invoices) ?? [], [list.data]);
  const onScroll = useNearBottom(list);
  const today = todayUtc();

  return (
    <>
      <PageHeader
        title={t("billing.invoices.title")}
        actions={
          <Button component={RouterLink} to="/subscription" variant="outlined" data-testid="go-subscription">
            {t("billing.subscription.title")}
          </Button>
        }
      />
      <Paper variant="outlined">
        <TableContainer sx={{ maxHeight: "calc(100vh - 200px)" }} onScroll={onScroll} data-testid="invoices-table">
          <Table stickyHeader size="small">
            <TableHead>
              <TableRow>
                <TableCell align="center">{t("billing.invoices.id")}</TableCell>
                <TableCell>{t("billing.invoices.detail")}</TableCell>
                <TableCell align="center">{t("billing.invoices.value")}</TableCell>
                <TableCell align="center">{t("billing.invoices.dueDate")}</TableCell>
                <TableCell align="center">{t("billing.invoices.status")}</TableCell>
                <TableCell align="center">{t("common.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoices.map((invoice) => {
                const status = invoiceDisplayStatus(invoice, today);
                return (
                  <TableRow
                    key={invoice.id}
                    hover
                    data-testid={`invoice-row-${invoice.id}`}
                    data-status={status}
                    sx={status === "overdue" ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.12) } : undefined}
                  >
                    <TableCell align="center">{invoice.id}</TableCell>
                    <TableCell>{invoice.detail}</TableCell>
                    <TableCell align="center">{formatBrl(invoice.value)}</TableCell>
                    <TableCell align="center">{formatDate(invoice.dueDate)}</TableCell>
                    <TableCell align="center">
                      <Chip size="small" color={STATUS_COLOR[status]} label={t(`billing.status.${status}`)} data-testid="invoice-status" />
                    </TableCell>
                    <TableCell align="center">
                      {status !== "paid" && (
                        <Button size="small" variant="contained" onClick={() => setPaying(invoice)} data-testid={`invoice-pay-${invoice.id}`}>
                          {t("billing.invoices.pay")}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {list.isSuccess && invoices.length === 0 && <EmptyState message={t("billing.invoices.empty")} />}
        </TableContainer>
      </Paper>
      <CheckoutDialog
        open={paying !== null}
        onClose={() => setPaying(null)}
        subscription={subscription.data}
        invoice={paying}
        renewedUntil={renewedUntil}
      />
    </>
  );
}
