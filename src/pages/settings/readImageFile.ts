/** Uploaded images travel as data URLs; the settings schema accepts up to 200,000 characters (about 146 KB of image). */
export const MAX_IMAGE_BYTES = 140 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml', 'image/webp', 'image/x-icon', 'image/vnd.microsoft.icon'];

export class ImageFileError extends Error {}

/** Reads an image file into a data URL, refusing other types and files over MAX_IMAGE_BYTES. */
export function readImageFile(file: File): Promise<string> {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) {
    return Promise.reject(new ImageFileError('Choose a PNG, JPEG, GIF, SVG, WebP or ICO image.'));
  }
  if (file.size > MAX_IMAGE_BYTES) {
    return Promise.reject(new ImageFileError(`The image is ${Math.ceil(file.size / 1024)} KB; the limit is ${MAX_IMAGE_BYTES / 1024} KB.`));
  }
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new ImageFileError('The image could not be read.'));
    reader.readAsDataURL(file);
  });
}
