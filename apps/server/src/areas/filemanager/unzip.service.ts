import { parentOf, tooLargeAs, type Files } from './domain-files.ts';
import type { Quota, QuotaDomain } from './quota.service.ts';

export const UNZIP_JOB = 'filemanager.unzip';
export interface UnzipPayload {
  zip: string;
  target: string;
  overwrite: boolean;
  /** Uncompressed bytes, for progress. */
  total: number;
}
/** Zip bombs: at most this many entries and uncompressed bytes (config). */
export interface UnzipLimits {
  maxBytes: number;
  maxEntries: number;
}

/**
 * Checks a zip before it is queued: archive readable, every entry safe, limits kept, and no
 * existing entry in the way (unless overwriting files was asked). Default target: its folder.
 */
export async function checkUnzip(
  files: Files,
  quota: Quota,
  domain: QuotaDomain,
  path: string,
  targetDir: string | undefined,
  overwrite: boolean,
  limits: UnzipLimits,
): Promise<UnzipPayload> {
  const file = await files.file(domain, path);
  const target = await files.folder(domain, targetDir ?? parentOf(file.path));
  const { bytes } = await files
    .on(domain)
    .checkZip(domain.name, file.path, target.path, { ...limits, overwrite })
    .catch(tooLargeAs('zip_too_large'));
  // Refused now when it cannot fit; the job holds the room while it writes.
  (await quota.hold(domain, bytes)).free();
  return { zip: file.path, target: target.path, overwrite, total: bytes };
}

/**
 * The unzip job: the port extracts (checking every entry again); progress up to 99 %. Room
 * for the uncompressed bytes is held first: the port stops at the checked total (entry sizes
 * are verified as they are written), so the plan's disk space cannot be passed.
 */
export async function extractZip(
  files: Files,
  quota: Quota,
  domain: QuotaDomain,
  payload: UnzipPayload,
  limits: UnzipLimits,
  progress: (percent: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<{ path: string }> {
  const onBytes = (done: number) =>
    void progress(Math.min(99, (done / Math.max(1, payload.total)) * 100));
  await quota.spend(domain, payload.total, () =>
    files
      .on(domain)
      .extractZip(domain.name, payload.zip, payload.target, {
        ...limits,
        maxBytes: Math.min(limits.maxBytes, payload.total),
        overwrite: payload.overwrite,
        signal,
        onBytes,
      })
      .catch(tooLargeAs('zip_too_large')),
  );
  return { path: payload.target };
}
