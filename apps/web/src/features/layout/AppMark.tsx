import { PlatformLogo } from "../settings/PlatformLogo.js";

/** The compact logo shown when the side menu is collapsed: the platform's inside ("interno") logo. */
export function AppMark({ label }: { label: string }) {
  return (
    <span role="img" aria-label={label} style={{ display: "inline-flex", flex: "0 0 32px", width: 32, height: 32 }}>
      <PlatformLogo destination="interno" sx={{ width: 32, height: 32, maxHeight: 32 }} />
    </span>
  );
}
