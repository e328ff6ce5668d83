import { fileNameOf, saveFile } from '@/lib/save-file';
import { getSession } from '@/lib/session';

/**
 * Fetches a file with the session's bearer token and hands it over as an object URL. A plain
 * link or a new tab cannot send the Authorization header, and a token in the URL would end up
 * in history, logs and Referer; so the bytes come through fetch and the tab opens a blob: URL of
 * our own origin (only a PDF or a JPEG ever gets this far: the server checked the content).
 */
async function fetchFile(file: string, download: boolean): Promise<Response> {
  const query = new URLSearchParams({ file });
  if (download) query.set('download', '1');
  return fetchWithToken(`/api/materialbank-get-file?${query}`);
}

async function fetchWithToken(url: string): Promise<Response> {
  const { token } = getSession();
  const response = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`file ${response.status}`);
  return response;
}

/** The preview image (JPEG) of a stored content, fetched as the file is. */
export async function fetchMaterialbankPreview(file: string): Promise<Blob> {
  const query = new URLSearchParams({ file });
  return (await fetchWithToken(`/api/materialbank-file-preview?${query}`)).blob();
}

/** Object URLs are let go once the tab or the download has had time to read them. */
const revokeLater = (url: string) => setTimeout(() => URL.revokeObjectURL(url), 60_000);

/**
 * Opens the file in a new tab. The tab is opened at once, in the click, so no pop-up blocker
 * stops it; it shows the file when the bytes have arrived.
 */
export async function viewMaterialbankFile(file: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await (await fetchFile(file, false)).blob());
    revokeLater(url);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/**
 * Saves the file under the server's name for it: the uploaded name with the extension of the
 * type its content is (`polypdf.html` holding a PDF is saved as `polypdf.pdf`), so it never opens
 * from the disk as something else. The uploaded name is only the fallback.
 */
export async function downloadMaterialbankFile(file: string, fileName: string): Promise<void> {
  const response = await fetchFile(file, true);
  const name = fileNameOf(response.headers.get('content-disposition'), fileName);
  saveFile(await response.blob(), name);
}
