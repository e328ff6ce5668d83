/**
 * Saves bytes the page holds as a file named `fileName`, through a temporary link. The object
 * URL is let go once the download has had time to read it (at once, some browsers lose it).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
