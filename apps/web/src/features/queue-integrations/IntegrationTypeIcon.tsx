import type { QueueIntegrationType } from "@atendo/shared";
import AccountTree from "@mui/icons-material/AccountTree";
import Psychology from "@mui/icons-material/Psychology";
import SmartToy from "@mui/icons-material/SmartToy";
import Webhook from "@mui/icons-material/Webhook";
import Hub from "@mui/icons-material/Hub";
import AutoAwesome from "@mui/icons-material/AutoAwesome";
import Forum from "@mui/icons-material/Forum";
import type { SvgIconProps } from "@mui/material";

const ICONS: Record<QueueIntegrationType, typeof SmartToy> = {
  dialogflow: Forum,
  n8n: AccountTree,
  webhook: Webhook,
  typebot: SmartToy,
  dify: AutoAwesome,
  flowise: Hub,
  openaiassist: Psychology,
};

/** The card's type icon (section 2): one per integration type. */
export function IntegrationTypeIcon({ type, ...props }: { type: QueueIntegrationType } & SvgIconProps) {
  const Icon = ICONS[type];
  return <Icon fontSize="small" data-testid={`integration-icon-${type}`} {...props} />;
}
