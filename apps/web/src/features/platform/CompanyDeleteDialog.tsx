import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { PlatformCompanyView } from "@atendo/shared";
import { useCompanyDetail } from "./api.js";

interface Props {
  company: PlatformCompanyView | null;
  onConfirm: (company: PlatformCompanyView) => void;
  onClose: () => void;
}

/** The delete confirmation names what goes with the company (counted by the server when it opens). */
export function CompanyDeleteDialog({ company, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const detail = useCompanyDetail(company?.id ?? null);
  const contents = detail.data?.id === company?.id ? detail.data?.contents : undefined;
  return (
    <Dialog open={company !== null} onClose={onClose} data-testid="company-delete-dialog">
      <DialogTitle>{t("platform.companies.deleteTitle", { name: company?.name ?? "" })}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="company-delete-contents">
          {contents ? t("platform.companies.deleteContents", { ...contents }) : t("platform.companies.deleteLoading")}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={!contents}
          onClick={() => {
            if (company) onConfirm(company);
            onClose();
          }}
          data-testid="company-delete-confirm"
        >
          {t("common.delete")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
