import { startDownload } from '../../lib/start-download.ts';
import { downloadUrl } from './api.ts';

/** A download by single-use ticket: the browser streams the file to disk itself. */
export async function downloadFile(domain: string, path: string): Promise<void> {
  startDownload(await downloadUrl(domain, path));
}
