import { fail } from './filemanager.errors.ts';
import type { DomainRef } from '../../model/principal.ts';
import { childOf, type Files } from './domain-files.ts';
import { checkName } from './names.ts';
import type { Quota, QuotaDomain } from './quota.service.ts';

export const ZIP_JOB = 'filemanager.zip';
export interface ZipPayload {
  dir: string;
  files: string[];
  zip: string;
}

/** Checks a zip request before it is queued, so the obvious mistakes answer at once. */
export async function checkZipRequest(
  files: Files,
  domain: DomainRef,
  payload: ZipPayload,
): Promise<ZipPayload> {
  const dir = await files.folder(domain, payload.dir);
  const zipName = checkName(
    payload.zip.toLowerCase().endsWith('.zip') ? payload.zip : `${payload.zip}.zip`,
  );
  if (await files.on(domain).stat(domain.name, childOf(dir.path, zipName)))
    throw fail('exists', 'conflict');
  for (const file of payload.files) {
    if (!(await files.on(domain).stat(domain.name, childOf(dir.path, checkName(file)))))
      throw fail('not_found', 'not_found');
  }
  return { dir: dir.path, files: [...new Set(payload.files)], zip: zipName };
}

/**
 * The zip job: the port writes the archive (complete or not at all); progress up to 99 %. Room
 * is held as the files are read (the archive is about their size or less); over the plan's
 * disk space the job fails and nothing stays; the usage grows by the archive's real size.
 */
export async function writeZip(
  files: Files,
  quota: Quota,
  domain: QuotaDomain,
  payload: ZipPayload,
  progress: (percent: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<{ path: string }> {
  const hold = await quota.hold(domain);
  let held = 0;
  const onBytes = (done: number, total: number) => {
    hold.grow(done - held);
    held = done;
    void progress(total > 0 ? (done / total) * 99 : 0);
  };
  try {
    const path = await files
      .on(domain)
      .writeZip(domain.name, payload.dir, payload.files.map(checkName), checkName(payload.zip), {
        signal,
        onBytes,
      });
    hold.done((await files.on(domain).stat(domain.name, path))?.size ?? held);
    return { path };
  } catch (error) {
    hold.free();
    throw error;
  }
}
