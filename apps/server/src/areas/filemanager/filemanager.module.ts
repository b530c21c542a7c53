import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import { createFilemanagerStore } from './filemanager.store.ts';
import { createFilemanagerService } from './filemanager.service.ts';
import { filemanagerRoutes } from './filemanager.routes.ts';

/** Webhosting V: the file manager and editor over the domain's home (webspace). */
export function filemanagerModule(core: CoreContext): AreaModule {
  const svc = createFilemanagerService({
    files: core.webspaceFiles,
    store: createFilemanagerStore(core.db),
    domains: core.customers,
    jobs: core.jobsStore,
    runner: core.runner,
    clock: core.clock,
    limits: {
      uploadMaxBytes: core.config.filemanager.uploadMaxBytes,
      maxBytes: core.config.filemanager.unzipMaxBytes,
      maxEntries: core.config.filemanager.unzipMaxEntries,
    },
  });
  return { name: 'filemanager', routes: (bind) => filemanagerRoutes(bind, svc) };
}
