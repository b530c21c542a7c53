import type { DomainRef } from '../../model/principal.ts';
import { parentOf, tooLargeAs, type Files } from './fm-files.ts';

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
  domain: Pick<DomainRef, 'name'>,
  path: string,
  targetDir: string | undefined,
  overwrite: boolean,
  limits: UnzipLimits,
): Promise<UnzipPayload> {
  const file = await files.file(domain, path);
  const target = await files.folder(domain, targetDir ?? parentOf(file.path));
  const { bytes } = await files.port
    .checkZip(domain.name, file.path, target.path, { ...limits, overwrite })
    .catch(tooLargeAs('zip_too_large'));
  return { zip: file.path, target: target.path, overwrite, total: bytes };
}

/** The unzip job: the port extracts (checking every entry again); progress up to 99 %. */
export async function extractZip(
  files: Files,
  domain: Pick<DomainRef, 'name'>,
  payload: UnzipPayload,
  limits: UnzipLimits,
  progress: (percent: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<{ path: string }> {
  const onBytes = (done: number) =>
    void progress(Math.min(99, (done / Math.max(1, payload.total)) * 100));
  await files.port
    .extractZip(domain.name, payload.zip, payload.target, {
      ...limits,
      overwrite: payload.overwrite,
      signal,
      onBytes,
    })
    .catch(tooLargeAs('zip_too_large'));
  return { path: payload.target };
}
