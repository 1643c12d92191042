import { can, companyEvent, isSecretSettingKey, settingKeyParamsSchema, settingUpdateSchema, type SettingKey } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { getGlobalSettingUnscoped, listSettings } from "./list-settings.js";
import { updateSetting } from "./update-setting.js";

const PUBLIC_KEYS = ["allowregister", "viewregister", "trial"] as const satisfies readonly SettingKey[];

export async function settingsRoutes(app: App): Promise<void> {
  app.get("/settings", async (request) => {
    const auth = authOf(request);
    return listSettings(app.deps.db, auth.companyId, {
      includeSecrets: can(auth, "settings:viewSecrets"),
      isPlatform: auth.isPlatform,
    });
  });

  for (const key of PUBLIC_KEYS) {
    app.get(`/settings/${key}`, { config: { public: true } }, async () => ({
      key,
      value: await getGlobalSettingUnscoped(app.deps.db, key),
    }));
  }

  app.put(
    "/settings/:key",
    {
      schema: { params: settingKeyParamsSchema, body: settingUpdateSchema },
      config: { permission: "settings:update", params: { key: { value: "userRating" } }, example: { body: { value: "enabled" } } },
    },
    async (request) => {
      const auth = authOf(request);
      const setting = await updateSetting(app.deps.db, auth, request.params.key, request.body.value);
      const event = { action: "update", setting };
      // Credentials are never broadcast: only the super user who saved them gets them back.
      if (!isSecretSettingKey(setting.key)) app.deps.realtime.toCompany(auth.companyId, companyEvent.settings(auth.companyId), event);
      return setting;
    },
  );
}
