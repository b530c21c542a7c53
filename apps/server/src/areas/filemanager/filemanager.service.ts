import { fail, notFound } from './filemanager.errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainRef } from '../../http/principal.ts';
import type { JobRunner } from '../jobs/job-runner.port.ts';
import type { JobsStore } from '../jobs/jobs.store.ts';
import type { Webspace } from '../../platform/webspace/webspace.port.ts';
import { createDownloads, type DomainLookup } from './downloads.ts';
import { createEditor } from './editor.ts';
import { createEntries } from './entries.ts';
import type { FilemanagerStore } from './filemanager.store.ts';
import { createHomes } from './fm-home.ts';
import { createListing } from './listing.ts';
import { createTrash } from './trash.ts';
import { createUploads } from './uploads.ts';
import { checkUnzip, extractZip, UNZIP_JOB, type UnzipLimits, type UnzipPayload } from './unzip.ts';
import { checkZipRequest, writeZip, ZIP_JOB, type ZipPayload } from './zip.ts';

export interface FilemanagerDeps {
  webspace: Webspace;
  store: FilemanagerStore;
  domains: DomainLookup;
  jobs: Pick<JobsStore, 'byId'>;
  runner: JobRunner;
  clock: Clock;
  limits: { uploadMaxBytes: number } & UnzipLimits;
}

/**
 * The file manager: every operation reaches the customer's files through `homes` (the domain's
 * home, confined by lib/confine). Zip and unzip run as jobs; the answer is the job id.
 */
export function createFilemanagerService(deps: FilemanagerDeps) {
  const homes = createHomes(deps.webspace);
  const listing = createListing(homes);
  const entries = createEntries(homes, (id) => deps.store.ftpHomes(id));
  const trash = createTrash(homes, deps.store, deps.clock);
  const uploads = createUploads(homes, deps.limits.uploadMaxBytes);
  const downloads = createDownloads(homes, deps.store, deps.domains, deps.clock);
  const editor = createEditor(homes);

  async function domainOf(id: number | null): Promise<{ name: string }> {
    const domain = id === null ? undefined : await deps.domains.domainById(id);
    if (!domain) throw notFound();
    return domain;
  }

  deps.runner.register<ZipPayload, { path: string }>(ZIP_JOB, {
    resumable: false,
    run: async (ctx) => writeZip(homes, await domainOf(ctx.domainId), ctx.payload, (p) => ctx.progress(p), ctx.signal),
  });
  deps.runner.register<UnzipPayload, { path: string }>(UNZIP_JOB, {
    resumable: false,
    run: async (ctx) => extractZip(homes, await domainOf(ctx.domainId), ctx.payload, deps.limits, (p) => ctx.progress(p), ctx.signal),
  });

  return {
    listing,
    entries,
    trash,
    uploads,
    downloads,
    editor,
    maxUploadBytes: deps.limits.uploadMaxBytes,

    async zip(domain: DomainRef, path: string, files: string[], zipName: string): Promise<{ pid: string }> {
      const payload = await checkZipRequest(homes, domain, { dir: path, files, zip: zipName });
      return { pid: await deps.runner.enqueue(ZIP_JOB, domain.id, payload) };
    },

    async unzip(domain: DomainRef, path: string, target: string | undefined, overwrite: boolean): Promise<{ pid: string }> {
      const payload = await checkUnzip(homes, domain, path, target, overwrite, deps.limits);
      return { pid: await deps.runner.enqueue(UNZIP_JOB, domain.id, payload) };
    },

    /** Specs: the client polls whether the zip is still busy; a job of another domain is 404. */
    async busy(domain: DomainRef, pid: string): Promise<{ busy: boolean; error: string | null }> {
      const job = await deps.jobs.byId(pid);
      if (!job || job.domain_id !== domain.id || (job.kind !== ZIP_JOB && job.kind !== UNZIP_JOB)) throw fail('not_found', 'not_found');
      return { busy: job.state === 'queued' || job.state === 'running', error: job.state === 'failed' ? (job.error ?? 'job_failed') : null };
    },
  };
}
export type FilemanagerService = ReturnType<typeof createFilemanagerService>;
