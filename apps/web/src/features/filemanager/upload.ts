import * as fm from '@haven/contract/filemanager';
import { errorEnvelope, fillPath } from '@haven/contract/shared';
import { ApiError } from '../../lib/api.ts';
import { authStore } from '../../lib/auth-store.ts';

export interface UploadItem {
  file: File;
  /** The folder below the current one (folder uploads keep their structure): 'site/img'. */
  dir: string;
  /** Replace a file of the same name (the server answers `exists` without it). */
  overwrite?: boolean;
}

/** A file's folder from a folder upload (webkitRelativePath 'site/img/a.png' -> 'site/img'). */
export function relativeDir(file: File): string {
  const rel = file.webkitRelativePath || '';
  const i = rel.lastIndexOf('/');
  return i > 0 ? rel.slice(0, i) : '';
}

/**
 * Uploads one file by XHR (fetch has no upload progress). The server writes it to a temp file
 * and renames it into place only when complete, so a cancel leaves nothing behind. A taken
 * name is refused with `exists` unless `item.overwrite`.
 */
export function uploadFile(
  domain: string,
  path: string,
  item: UploadItem,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const query = new URLSearchParams({ path });
    if (item.dir) query.set('dir', item.dir);
    if (item.overwrite) query.set('overwrite', 'true');
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${fillPath(fm.upload.path, { domain })}?${query.toString()}`);
    const token = authStore.getState().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // The multipart envelope counts too: never show more than the file itself.
    xhr.upload.onprogress = (event) => onProgress(Math.min(event.loaded, item.file.size));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(item.file.size);
        resolve();
        return;
      }
      let code = xhr.status === 413 ? 'max_size' : 'upload_error';
      let fields: Record<string, string> = {};
      try {
        const body = errorEnvelope.safeParse(JSON.parse(xhr.responseText));
        if (body.success) ({ custom_message: code, fields = {} } = body.data);
      } catch {
        // Not JSON (a proxy's page): keep the generic code.
      }
      reject(new ApiError(xhr.status, code, fields));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network'));
    xhr.onabort = () => reject(new DOMException('cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', item.file, item.file.name);
    xhr.send(form);
  });
}
