import { useMemo, useState } from "react";
import { Button, Chip, IconButton, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import Add from "@mui/icons-material/Add";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import Assessment from "@mui/icons-material/AssessmentOutlined";
import SettingsOutlined from "@mui/icons-material/SettingsOutlined";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { CampaignView } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { SearchField } from "../components/SearchField.js";
import { EmptyState } from "../components/EmptyState.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { toastSuccess } from "../features/errors/toast.js";
import { useCampaignEvents, useCampaignsList, useDeleteCampaign } from "../features/campaigns/api.js";
import { CampaignDialog } from "../features/campaigns/CampaignDialog.js";
import { CAMPAIGN_STATUS_KEY } from "../features/campaigns/campaign-status.js";
import { useDebouncedValue } from "../hooks/useDebouncedValue.js";
import { useNearBottom } from "../hooks/useNearBottom.js";

const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "—");

/**
 * Campaigns page (administration section 2): searchable table of name, status, contact list, connection, scheduled
 * at, completed at and actions (report, edit, delete). Live through the company's `campaign` events.
 */
export function CampaignsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const list = useCampaignsList(searchParam);
  const remove = useDeleteCampaign();
  useCampaignEvents();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<CampaignView | undefined>();
  const [deleting, setDeleting] = useState<CampaignView | null>(null);
  const records = useMemo(() => list.data?.pages.flatMap((page) => page.records) ?? [], [list.data]);
  const onScroll = useNearBottom(list);

  const openDialog = (campaign?: CampaignView) => {
    setEditing(campaign);
    setDialogOpen(true);
  };

  return (
    <>
      <PageHeader
        title={t("campaigns.title")}
        actions={
          <>
            <SearchField placeholder={t("common.search")} value={search} onChange={setSearch} data-testid="campaigns-search" />
            <Button variant="outlined" startIcon={<SettingsOutlined />} onClick={() => navigate("/campaigns-config")} data-testid="campaigns-config">
              {t("campaigns.config")}
            </Button>
            <Button variant="contained" startIcon={<Add />} onClick={() => openDialog()} data-testid="campaigns-add">
              {t("campaigns.add")}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <TableContainer sx={{ maxHeight: "calc(100vh - 200px)" }} onScroll={onScroll} data-testid="campaigns-table">
          <Table stickyHeader size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t("campaigns.name")}</TableCell>
                <TableCell>{t("campaigns.statusLabel")}</TableCell>
                <TableCell>{t("campaigns.contactList")}</TableCell>
                <TableCell>{t("campaigns.connection")}</TableCell>
                <TableCell>{t("campaigns.scheduledAt")}</TableCell>
                <TableCell>{t("campaigns.completedAt")}</TableCell>
                <TableCell align="right">{t("common.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {records.map((item) => (
                <TableRow key={item.id} hover data-testid={`campaign-row-${item.id}`}>
                  <TableCell>{item.name}</TableCell>
                  <TableCell>
                    <Chip size="small" label={t(CAMPAIGN_STATUS_KEY[item.status])} data-testid={`campaign-status-${item.id}`} />
                  </TableCell>
                  <TableCell>{item.contactList?.name ?? t("campaigns.none")}</TableCell>
                  <TableCell>{item.whatsapp?.name ?? t("campaigns.none")}</TableCell>
                  <TableCell>{formatDate(item.scheduledAt)}</TableCell>
                  <TableCell>{formatDate(item.completedAt)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    {item.status !== "INATIVA" && (
                      <IconButton size="small" aria-label={t("campaigns.report")} onClick={() => navigate(`/campaign/${item.id}/report`)} data-testid={`campaign-report-${item.id}`}>
                        <Assessment fontSize="small" />
                      </IconButton>
                    )}
                    <IconButton size="small" aria-label={t("common.edit")} onClick={() => openDialog(item)} data-testid={`campaign-edit-${item.id}`}>
                      <Edit fontSize="small" />
                    </IconButton>
                    <IconButton size="small" aria-label={t("common.delete")} onClick={() => setDeleting(item)} data-testid={`campaign-delete-${item.id}`}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.isSuccess && records.length === 0 && <EmptyState message={t("campaigns.empty")} />}
        </TableContainer>
      </Paper>
      <CampaignDialog open={dialogOpen} campaign={editing} onClose={() => setDialogOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("campaigns.deleteTitle", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSuccess: () => toastSuccess(t("campaigns.deleted"), { admin: true }) });
        }}
      />
    </>
  );
}
