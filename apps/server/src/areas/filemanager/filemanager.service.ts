import { fail, notFound } from './filemanager.errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { JobRecords, JobRunner } from '../../model/jobs.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import { LOCAL_NODE } from '../../model/node-ports.ts';
import type { NodeWebspaceFiles } from '../../platform/webspace-files/webspace-files.remote.ts';
import { createDownloads, type DomainLookup } from './downloads.service.ts';
import { createEditor } from './editor.service.ts';
import { createEntries } from './entries.service.ts';
import type { FilemanagerStore } from './filemanager.store.ts';
import { createFiles } from './domain-files.ts';
import { createListing } from './listing.service.ts';
import { createTrash } from './trash.service.ts';
import { createQuota, type QuotaDomain } from './quota.service.ts';
import { createDiskMeter, type DiskMeterNeeds } from './disk-meter.service.ts';
import type { DiskUsageSource } from '../../model/disk-usage.ts';
import type { FtpAccounts } from '../../model/ftp-accounts.ts';
import { createUploads } from './uploads.service.ts';
import {
  checkUnzip,
  extractZip,
  UNZIP_JOB,
  type UnzipLimits,
  type UnzipPayload,
} from './unzip.service.ts';
import { checkZipRequest, writeZip, ZIP_JOB, type ZipPayload } from './zip.service.ts';

export interface FilemanagerDeps {
  /** The webspace files of each node (a domain's are on `domain.node`). */
  files: NodePorts<NodeWebspaceFiles>;
  store: FilemanagerStore;
  domains: DomainLookup;
  jobs: JobRecords;
  runner: JobRunner;
  clock: Clock;
  limits: { uploadMaxBytes: number } & UnzipLimits;
  /** The databases' and mailboxes' bytes, counted in the disk usage with the files. */
  disk: DiskMeterNeeds;
  /** The webhosting area's FTP accounts: a move stays inside one account's folder. */
  ftpAccounts: FtpAccounts;
}

/**
 * The file manager: names, limits, ownership of the domain, order of steps; every byte of the
 * customer's files is the webspace-files port's work. Zip and unzip run as jobs (answer: the job id).
 */
export function createFilemanagerService(deps: FilemanagerDeps) {
  const files = createFiles(deps.files);
  const quota = createQuota(createDiskMeter(files, deps.disk), deps.clock);
  const listing = createListing(files);
  // Folders of the FTP accounts that have their own ('/httpdocs'...).
  const ftpHomes = async (domainId: number) => [
    ...new Set(
      (await deps.ftpAccounts.list(domainId)).filter((a) => a.home !== '').map((a) => `/${a.home}`),
    ),
  ];
  const entries = createEntries(files, quota, ftpHomes);
  const trash = createTrash(files, quota, deps.store, deps.clock);
  const uploads = createUploads(files, quota, deps.limits.uploadMaxBytes);
  const downloads = createDownloads(files, deps.store, deps.domains, deps.clock);
  const editor = createEditor(files, quota);

  async function domainOf(id: number | null): Promise<QuotaDomain> {
    const domain = id === null ? undefined : await deps.domains.domainById(id);
    if (!domain) throw notFound();
    return {
      id: domain.id,
      name: domain.name,
      diskQuotaMb: domain.disk_quota_mb,
      node: domain.node ?? LOCAL_NODE,
    };
  }

  deps.runner.register<ZipPayload, { path: string }>(ZIP_JOB, {
    resumable: false,
    run: async (ctx) =>
      writeZip(
        files,
        quota,
        await domainOf(ctx.domainId),
        ctx.payload,
        (p) => ctx.progress(p),
        ctx.signal,
      ),
  });
  deps.runner.register<UnzipPayload, { path: string }>(UNZIP_JOB, {
    resumable: false,
    run: async (ctx) =>
      extractZip(
        files,
        quota,
        await domainOf(ctx.domainId),
        ctx.payload,
        deps.limits,
        (p) => ctx.progress(p),
        ctx.signal,
      ),
  });

  return {
    listing,
    entries,
    trash,
    uploads,
    downloads,
    editor,
    maxUploadBytes: deps.limits.uploadMaxBytes,
    /** Disk use against the plan: the figure every write is held against. */
    usage: (domain: DomainRef) => quota.usage(domain),
    /** The same measurement for the dashboard and the statistics (areas/registry.ts). */
    diskUsage: {
      current: (domain) => quota.current(domain),
      measure: (domain) => quota.measureNow(domain),
    } satisfies DiskUsageSource,

    async zip(
      domain: DomainRef,
      path: string,
      names: string[],
      zipName: string,
    ): Promise<{ pid: string }> {
      const payload = await checkZipRequest(files, domain, {
        dir: path,
        files: names,
        zip: zipName,
      });
      return { pid: await deps.runner.enqueue(ZIP_JOB, domain.id, payload) };
    },

    async unzip(
      domain: DomainRef,
      path: string,
      target: string | undefined,
      overwrite: boolean,
    ): Promise<{ pid: string }> {
      const payload = await checkUnzip(files, quota, domain, path, target, overwrite, deps.limits);
      return { pid: await deps.runner.enqueue(UNZIP_JOB, domain.id, payload) };
    },

    /** Specs: the client polls whether the zip is still busy; a job of another domain is 404. */
    async busy(domain: DomainRef, pid: string): Promise<{ busy: boolean; error: string | null }> {
      const job = await deps.jobs.byId(pid);
      if (!job || job.domain_id !== domain.id || (job.kind !== ZIP_JOB && job.kind !== UNZIP_JOB))
        throw fail('not_found', 'not_found');
      return {
        busy: job.state === 'queued' || job.state === 'running',
        error: job.state === 'failed' ? (job.error ?? 'job_failed') : null,
      };
    },
  };
}
export type FilemanagerService = ReturnType<typeof createFilemanagerService>;
