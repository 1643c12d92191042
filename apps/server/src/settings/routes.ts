import {
  can,
  companyEvent,
  isSecretSettingKey,
  logoDestinationParamsSchema,
  logoUploadQuerySchema,
  PUBLIC_SETTING_KEYS,
  settingKeyParamsSchema,
  settingUpdateSchema,
} from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { readUpload } from "../storage/read-upload.js";
import { getGlobalSettingUnscoped, listSettings } from "./list-settings.js";
import { updateSetting } from "./update-setting.js";
import { uploadLogo } from "./logos/upload-logo.js";
import { findLogo } from "./logos/find-logo.js";

export async function settingsRoutes(app: App): Promise<void> {
  const encryptionKey = app.deps.config.whatsappEncryptionKey;

  app.get("/settings", async (request) => {
    const auth = authOf(request);
    return listSettings(app.deps.db, auth.companyId, {
      includeSecrets: can(auth, "settings:viewSecrets"),
      isPlatform: auth.isPlatform,
      encryptionKey,
    });
  });

  for (const key of PUBLIC_SETTING_KEYS) {
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
      const setting = await updateSetting(app.deps.db, auth, request.params.key, request.body.value, encryptionKey);
      const event = { action: "update", setting };
      // Credentials are never broadcast: only the super user who saved them gets the mask back.
      if (!isSecretSettingKey(setting.key)) app.deps.realtime.toCompany(auth.companyId, companyEvent.settings(auth.companyId), event);
      return setting;
    },
  );

  // The Logo tab (administration sections 5 and 7): one file per destination, platform-wide.
  app.post(
    "/settings/media-upload",
    {
      schema: { querystring: logoUploadQuerySchema },
      config: { permission: "logo:upload", multipart: true, example: { query: { ref: "login" } } },
    },
    async (request) => {
      const auth = authOf(request);
      const upload = await readUpload(request);
      await uploadLogo(app.deps.db, app.deps.storage, auth.companyId, request.query.ref, upload);
      return { mensagem: "Arquivo Anexado" };
    },
  );

  // Public: the login and signup pages and the favicons need it before anyone signs in.
  app.get(
    "/public/logos/:ref",
    { schema: { params: logoDestinationParamsSchema }, config: { public: true, params: { ref: { value: "login" } } } },
    async (request, reply) => {
      const logo = await findLogo(app.deps.db, app.deps.storage, request.params.ref);
      reply
        .header("content-type", logo.contentType)
        .header("x-content-type-options", "nosniff")
        .header("etag", logo.etag)
        // Revalidated on every use (a new upload shows at once), answered 304 while unchanged.
        .header("cache-control", "public, no-cache");
      // An SVG opened directly runs no script and loads nothing; inline styles are all it may use.
      if (logo.contentType === "image/svg+xml") {
        reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
      }
      if (request.headers["if-none-match"] === logo.etag) return reply.status(304).send();
      return reply.send(logo.data);
    },
  );
}
