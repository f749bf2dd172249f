/**
 * The file name a Content-Disposition header gives (`filename*=UTF-8''…` first, then
 * `filename="…"`), or undefined without one.
 */
export function attachmentName(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      /* malformed: the plain name below, if any */
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || undefined;
}

/**
 * Saves a file the page received: an object URL and a temporary <a download>. The export needs
 * the session's bearer token, which a plain link to the API could not send.
 */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // the browser reads the URL once it handles the click: released after that
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
