import { useCallback, useRef, useState } from 'react';
import { askOverwrite, uploadAsking, UploadSkipped } from './upload-overwrite.ts';
import { relativeDir, uploadFile, type UploadItem } from './upload.ts';

export interface UploadState {
  id: number;
  name: string;
  size: number;
  loaded: number;
  status: 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';
  error?: unknown;
}

/**
 * Uploads files one after another into `path` (a folder keeps its structure), with progress
 * per file and overall; `cancel` stops the running one and drops the waiting ones. Files over
 * `maxSize` fail at once, without sending a byte. A taken name is replaced only when the
 * customer says so (else that file is skipped).
 */
export function useUploads(domain: string, path: string, maxSize: number, onFinished: () => void) {
  const [items, setItems] = useState<UploadState[]>([]);
  const controller = useRef<AbortController | null>(null);
  const nextId = useRef(1);

  const patch = (id: number, change: Partial<UploadState>) =>
    setItems((all) => all.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const start = useCallback(
    async (files: readonly File[]) => {
      const queue = files.map((file) => ({
        id: nextId.current++,
        item: { file, dir: relativeDir(file) } satisfies UploadItem,
      }));
      setItems(
        queue.map(({ id, item }) => ({
          id,
          name: item.dir ? `${item.dir}/${item.file.name}` : item.file.name,
          size: item.file.size,
          loaded: 0,
          status: 'waiting',
        })),
      );
      const abort = new AbortController();
      controller.current = abort;
      for (const { id, item } of queue) {
        if (abort.signal.aborted) {
          patch(id, { status: 'cancelled' });
          continue;
        }
        if (item.file.size > maxSize) {
          patch(id, { status: 'failed', error: { code: 'max_size' } });
          continue;
        }
        patch(id, { status: 'uploading' });
        try {
          const onProgress = (loaded: number) => patch(id, { loaded });
          await uploadAsking(
            (overwrite) =>
              uploadFile(domain, path, { ...item, overwrite }, onProgress, abort.signal),
            () => askOverwrite(item.file.name),
          );
          patch(id, { status: 'done', loaded: item.file.size });
        } catch (error) {
          const cancelled =
            error instanceof UploadSkipped ||
            (error instanceof DOMException && error.name === 'AbortError');
          patch(id, cancelled ? { status: 'cancelled' } : { status: 'failed', error });
        }
      }
      controller.current = null;
      onFinished();
    },
    [domain, path, maxSize, onFinished],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const clear = useCallback(() => setItems([]), []);
  const running = items.some((i) => i.status === 'uploading' || i.status === 'waiting');
  const total = items.reduce((s, i) => s + i.size, 0);
  const loaded = items.reduce((s, i) => s + (i.status === 'done' ? i.size : i.loaded), 0);
  return {
    items,
    start,
    cancel,
    clear,
    running,
    percent: total > 0 ? Math.round((loaded / total) * 100) : 0,
  };
}
