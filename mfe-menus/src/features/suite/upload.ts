import { MENU_IMAGE_EXTENSION, MENU_IMAGE_MAX_BYTES, MENU_IMAGE_NAME_MAX, MENU_MESSAGES } from '@suite/shared/console';

/** Progress of an upload ticks every 500 ms; the indicator hides 2 s after it ends. */
export const UPLOAD_TICK_MS = 500;
export const UPLOAD_HIDE_MS = 2000;

/** The form's checks of a chosen logo (docs/product/menus.md, Logos and images); the server checks the content again. */
export function logoProblem(file: { name: string; size: number }): string | undefined {
  if (!file.name.toLowerCase().endsWith(MENU_IMAGE_EXTENSION)) return MENU_MESSAGES.fileType;
  if (file.name.length > MENU_IMAGE_NAME_MAX) return MENU_MESSAGES.fileName;
  if (file.size > MENU_IMAGE_MAX_BYTES) return MENU_MESSAGES.fileSize;
  return undefined;
}

/** A file's content as base64 (no data: prefix), read by the browser's FileReader. */
export function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
