/** Saves a file made or fetched on this device under `fileName`, as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves text made on this device as a file (the CSV exports): nothing goes to the server. */
export function saveTextFile(fileName: string, text: string, type: string): void {
  saveBlob(new Blob([text], { type }), fileName);
}
