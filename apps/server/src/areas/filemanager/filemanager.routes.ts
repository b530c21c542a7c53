import { filemanager as api } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { FilemanagerService } from './filemanager.service.ts';

const ok = { ok: true as const };

export function filemanagerRoutes(bind: Bind, svc: FilemanagerService): void {
  bind(api.list, async ({ domain, query }) => ({
    ...(await svc.listing.list(domain, query.path)),
    max_size: svc.maxUploadBytes,
  }));
  bind(api.size, async ({ domain, query, signal }) => ({
    size: await svc.listing.size(domain, query.path, signal),
  }));
  bind(api.usage, ({ domain }) => svc.usage(domain));
  bind(api.search, async ({ domain, query, signal }) =>
    svc.listing.search(domain, query.path, query.q, signal),
  );

  bind(api.remove, async ({ domain, body }) => {
    await svc.trash.put(domain, body.paths);
    return ok;
  });
  bind(api.duplicate, async ({ domain, body, signal }) => ({
    path: await svc.entries.duplicate(domain, body.source, body.target, signal),
  }));
  bind(api.move, async ({ domain, body }) => ({
    path: await svc.entries.move(domain, body.source, body.target),
  }));
  bind(api.rename, async ({ domain, body }) => ({
    path: await svc.entries.rename(domain, body.old_path, body.new_path),
  }));
  bind(api.renameRaw, async ({ domain, body }) => ({
    path: await svc.entries.renameRaw(domain, body.path, body.raw_name, body.name),
  }));
  bind(api.createFile, async ({ domain, body }) => ({
    path: await svc.entries.createFile(domain, body.path, body.name),
  }));
  bind(api.createFolder, async ({ domain, body }) => ({
    path: await svc.entries.createFolder(domain, body.path, body.name),
  }));
  bind(api.chmod, async ({ domain, body }) => {
    await svc.entries.chmod(domain, body.path, body.value);
    return ok;
  });

  // A client that goes away mid-upload breaks the part stream, and the upload cleans up its
  // temp file on that error: no abort signal is needed here.
  bind.upload(
    api.upload,
    { maxFileBytes: svc.maxUploadBytes, maxFiles: 1000 },
    async ({ domain, query }, parts) => ({
      paths: await svc.uploads.receive(domain, query.path, query.dir, parts, {
        overwrite: query.overwrite === 'true',
      }),
    }),
  );

  bind(api.zip, async ({ domain, body }) => svc.zip(domain, body.path, body.files, body.zip));
  bind(api.zipBusy, async ({ domain, query }) => svc.busy(domain, query.pid));
  bind(api.unzip, async ({ domain, body }) =>
    svc.unzip(domain, body.path, body.target, body.overwrite),
  );

  bind(api.content, async ({ domain, query }) => svc.editor.content(domain, query.path));
  bind(api.save, async ({ domain, body }) =>
    svc.editor.save(domain, body.path, body.content, body.version, body.force),
  );

  bind(api.download, async ({ domain, params }) => svc.downloads.open(domain, params.path));
  bind(api.ticket, async ({ domain, principal, body }) =>
    svc.downloads.ticket(domain, principal, body.path),
  );
  bind(api.ticketDownload, async ({ params }) =>
    svc.downloads.byTicket(params.domain, params.ticket),
  );

  bind(api.trash, async ({ domain }) => svc.trash.list(domain));
  bind(api.restore, async ({ domain, body }) => ({
    paths: await svc.trash.restore(domain, body.ids),
  }));
  bind(api.emptyTrash, async ({ domain, body }) => {
    await svc.trash.empty(domain, body.ids);
    return ok;
  });
}
