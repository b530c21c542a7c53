import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as fm from '@haven/contract/filemanager';
import { fillPath } from '@haven/contract/shared';
import { api } from '../../lib/api.ts';

const keys = {
  all: (domain: string) => ['filemanager', domain] as const,
  list: (domain: string, path: string) => ['filemanager', domain, 'list', path] as const,
  trash: (domain: string) => ['filemanager', domain, 'trash'] as const,
  usage: (domain: string) => ['filemanager', domain, 'usage'] as const,
  content: (domain: string, path: string) => ['filemanager-content', domain, path] as const,
};

export function useListing(domain: string, path: string) {
  return useQuery({
    queryKey: keys.list(domain, path),
    queryFn: ({ signal }) => api(fm.list, { params: { domain }, query: { path } }, { signal }),
  });
}

export function useTrash(domain: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.trash(domain),
    queryFn: ({ signal }) => api(fm.trash, { params: { domain } }, { signal }),
    enabled,
  });
}

/** Disk use against the plan (home and trash): the figure uploads and saves are held to. */
export function useUsage(domain: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.usage(domain),
    queryFn: ({ signal }) => api(fm.usage, { params: { domain } }, { signal }),
    enabled,
  });
}

/** Every change refreshes all listings, the trash and the usage of the domain. */
export function useRefresh(domain: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all(domain) });
}

/** The file manager's operations, each refreshing the listing when settled. */
export function useFileActions(domain: string) {
  const refresh = useRefresh(domain);
  const params = { domain };
  const m = <A>(fn: (args: A) => Promise<unknown>) =>
    // eslint-disable-next-line react-hooks/rules-of-hooks -- called the same number of times on every render
    useMutation({ mutationFn: fn, onSettled: refresh });
  return {
    createFile: m((body: { path: string; name: string }) => api(fm.createFile, { params, body })),
    createFolder: m((body: { path: string; name: string }) =>
      api(fm.createFolder, { params, body }),
    ),
    rename: m((body: { old_path: string; new_path: string }) => api(fm.rename, { params, body })),
    renameRaw: m((body: { path: string; raw_name: string; name: string }) =>
      api(fm.renameRaw, { params, body }),
    ),
    duplicate: m((paths: { sources: string[]; target?: string }) =>
      sequence(paths.sources, (source) =>
        api(fm.duplicate, {
          params,
          body: { source, ...(paths.target ? { target: paths.target } : {}) },
        }),
      ),
    ),
    move: m((paths: { sources: string[]; target: string }) =>
      sequence(paths.sources, (source) =>
        api(fm.move, { params, body: { source, target: paths.target } }),
      ),
    ),
    remove: m((paths: string[]) => api(fm.remove, { params, body: { paths } })),
    chmod: m((body: { path: string; value: string }) => api(fm.chmod, { params, body })),
    zip: m((body: { path: string; files: string[]; zip: string }) => api(fm.zip, { params, body })),
    unzip: m((body: { path: string; overwrite?: boolean }) => api(fm.unzip, { params, body })),
    restore: m((ids: string[]) => api(fm.restore, { params, body: { ids } })),
    emptyTrash: m(() => api(fm.emptyTrash, { params, body: {} })),
  };
}

async function sequence<T>(
  items: readonly string[],
  fn: (item: string) => Promise<T>,
): Promise<T[]> {
  const out: T[] = [];
  for (const item of items) out.push(await fn(item));
  return out;
}

export function folderSize(domain: string, path: string): Promise<{ size: number }> {
  return api(fm.size, { params: { domain }, query: { path } });
}

export function zipBusy(
  domain: string,
  pid: string,
): Promise<{ busy: boolean; error: string | null }> {
  return api(fm.zipBusy, { params: { domain }, query: { pid } });
}

/** A file's bytes through a header-authenticated fetch (previews): no token in a URL. */
export function fetchFile(domain: string, path: string): Promise<Blob> {
  return api(fm.download, { params: { domain, path } });
}

/** A plain link for the browser to download with: a single-use ticket, valid a minute. */
export async function downloadUrl(domain: string, path: string): Promise<string> {
  const { ticket } = await api(fm.ticket, { params: { domain }, body: { path } });
  return fillPath(fm.ticketDownload.path, { domain, ticket });
}

export function useContent(domain: string, path: string) {
  return useQuery({
    queryKey: keys.content(domain, path),
    queryFn: ({ signal }) => api(fm.content, { params: { domain }, query: { path } }, { signal }),
    // The editor keeps its own copy; refetching under it would lose nothing but confuse.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useSave(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: { path: string; content: string; version?: string; force?: boolean }) =>
      api(fm.save, { params: { domain }, body }),
    onSuccess: refresh,
  });
}
