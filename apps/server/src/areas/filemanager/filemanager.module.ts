import type { CoreContext } from '../../core.ts';
import type { FilemanagerSettings } from './filemanager.settings.ts';
import type { FilemanagerTables } from './filemanager.tables.ts';
import type { AreaModule } from '../area.ts';
import { createFilemanagerStore } from './filemanager.store.ts';
import { createFilemanagerService } from './filemanager.service.ts';
import { filemanagerRoutes } from './filemanager.routes.ts';
import { filemanagerExports, type FilemanagerExports } from './filemanager.exports.ts';
import type { DiskMeterNeeds } from './disk-meter.service.ts';
import type { FtpAccounts } from '../../model/ftp-accounts.ts';
import type { JobRecords, JobRunner } from '../../model/jobs.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { NodeWebspaceFiles } from '../../platform/webspace-files/webspace-files.remote.ts';

/** The ports the file manager drives on each node (areas/registry.ts hands them over). */
export interface FilemanagerPorts {
  webspaceFiles: NodePorts<NodeWebspaceFiles>;
}

/**
 * Webhosting V: the file manager and editor over the domain's home (webspace). Its quota keeps
 * the domain's one disk usage figure, which it offers the statistics as `diskUsage`.
 */
export function filemanagerModule(
  core: CoreContext,
  settings: FilemanagerSettings,
  needs: DiskMeterNeeds & { ftpAccounts: FtpAccounts; jobs: JobRecords; runner: JobRunner },
  /** The platform ports it drives, on the node that serves each domain. */
  ports: FilemanagerPorts,
): AreaModule & { exports: FilemanagerExports } {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<FilemanagerTables>();
  const svc = createFilemanagerService({
    files: ports.webspaceFiles,
    store: createFilemanagerStore(db),
    domains: core.customers,
    jobs: needs.jobs,
    runner: needs.runner,
    clock: core.clock,
    limits: {
      uploadMaxBytes: settings.uploadMaxBytes,
      maxBytes: settings.unzipMaxBytes,
      maxEntries: settings.unzipMaxEntries,
    },
    disk: needs,
    ftpAccounts: needs.ftpAccounts,
  });
  return {
    name: 'filemanager',
    routes: (bind) => filemanagerRoutes(bind, svc),
    exports: filemanagerExports(svc.diskUsage),
  };
}
