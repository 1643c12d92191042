import { IMAGE_QUALITY } from "@atendo/shared";

/** Images the browser can redraw without losing anything that matters (a GIF would lose its animation). */
const COMPRESSIBLE = new Set(["image/jpeg", "image/png", "image/webp"]);

export function isCompressibleImage(file: File): boolean {
  return COMPRESSIBLE.has(file.type);
}

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error("image not readable"));
    };
    image.src = url;
  });
}

/**
 * Re-encodes an image as JPEG at IMAGE_QUALITY (core-service section 5) before upload. Transparent areas become
 * white. Anything the browser cannot redraw, or a result that is not smaller, is sent as it was.
 */
export async function compressImage(file: File, quality = IMAGE_QUALITY): Promise<File> {
  if (!isCompressibleImage(file)) return file;
  try {
    const image = await loadImage(file);
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d");
    if (!context || canvas.width === 0 || canvas.height === 0) return file;
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
    if (!blob || blob.size >= file.size) return file;
    const name = file.name.replace(/\.[^.]*$/, "") || "image";
    return new File([blob], `${name}.jpg`, { type: "image/jpeg", lastModified: file.lastModified });
  } catch {
    return file;
  }
}
