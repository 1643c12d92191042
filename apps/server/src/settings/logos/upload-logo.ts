import { eq } from "drizzle-orm";
import type { LogoDestination } from "@atendo/shared";
import type { Db } from "../../db/client.js";
import { platformLogos } from "../../db/schema.js";
import type { FileStorage } from "../../storage/file-storage.js";
import type { Upload } from "../../storage/read-upload.js";
import { checkLogoFile } from "./check-logo-file.js";

/**
 * Replaces the logo of one destination (super users; the route checks `logo:upload`). Logos are platform-wide: the
 * table is unscoped by design, the file sits under the uploader's company in storage. The previous file is removed
 * once the new row is saved.
 */
export async function uploadLogo(
  db: Db,
  storage: FileStorage,
  companyId: number,
  destination: LogoDestination,
  upload: Pick<Upload, "fileName" | "data">,
): Promise<void> {
  const logo = await checkLogoFile(upload.fileName, upload.data);
  const stored = await storage.save(companyId, "logos", `${destination}${logo.ext}`, logo.data);
  const [previous] = await db.select({ path: platformLogos.path }).from(platformLogos).where(eq(platformLogos.destination, destination));
  await db
    .insert(platformLogos)
    .values({ destination, path: stored.path, contentType: logo.contentType })
    .onConflictDoUpdate({
      target: platformLogos.destination,
      set: { path: stored.path, contentType: logo.contentType, updatedAt: new Date() },
    });
  if (previous && previous.path !== stored.path) await storage.remove(previous.path);
}
