/** Types the browser may show inline; anything else is served as a download (an uploaded page must not run here). */
const INLINE = /^(image\/(png|jpeg|gif|webp)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+|application\/pdf)$/;

/** How a stored attachment is served: inline only for passive media types, the name made header-safe. */
export function mediaDisposition(mimetype: string | null | undefined, fileName: string | null | undefined) {
  const declared = String(mimetype ?? "").split(";")[0]!.trim().toLowerCase();
  const inline = INLINE.test(declared);
  const safeName = String(fileName || "file").replace(/[^A-Za-z0-9._-]/g, "_");
  return {
    contentType: inline ? declared : "application/octet-stream",
    disposition: `${inline ? "inline" : "attachment"}; filename="${safeName}"`,
  };
}
