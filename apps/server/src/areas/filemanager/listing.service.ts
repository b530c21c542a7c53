import { FILEMANAGER_LIMITS, type FileEntry } from '@haven/contract';
import type { DomainRef } from '../../model/principal.ts';
import type { FileInfo } from '../../platform/webspace-files/webspace-files.port.ts';
import type { Files } from './domain-files.ts';

/** Folders have no size to show; sockets and the like show as files. */
function entryOf(e: FileInfo): FileEntry {
  const type = e.type === 'directory' || e.type === 'link' ? e.type : 'file';
  return {
    name: e.name,
    path: e.path,
    type,
    size: type === 'directory' ? null : e.size,
    changed: Math.floor(e.mtimeMs / 1000),
    permissions: e.mode.toString(8).padStart(4, '0'),
    ...(e.linkTarget ? { link: { target: e.linkTarget } } : {}),
    ...(e.rawName ? { raw_name: Buffer.from(e.rawName).toString('base64url') } : {}),
  };
}

/** Searches stop after this many entries looked at, found or not. */
const SEARCH_VISIT_MAX = 200_000;

export function createListing(files: Files) {
  return {
    /** The entries of a folder (Haven's own folders are outside the home, never among them). */
    async list(domain: DomainRef, path: string): Promise<{ path: string; data: FileEntry[] }> {
      const listed = await files.on(domain).list(domain.name, path);
      return { path: listed.path, data: listed.entries.map(entryOf) };
    },

    async size(domain: DomainRef, path: string, signal?: AbortSignal): Promise<number> {
      return files.on(domain).size(domain.name, path, { signal });
    },

    /** Names containing `q` (case-insensitive) in the folder and below, capped. */
    async search(
      domain: DomainRef,
      path: string,
      q: string,
      signal?: AbortSignal,
    ): Promise<{ data: FileEntry[]; truncated: boolean }> {
      // The node walks and answers the matches; a search it is still walking is not cancelled.
      signal?.throwIfAborted();
      const found = await files.on(domain).find(domain.name, path, q.toLowerCase(), {
        found: FILEMANAGER_LIMITS.searchMax,
        visited: SEARCH_VISIT_MAX,
      });
      return { data: found.entries.map(entryOf), truncated: found.truncated };
    },
  };
}
export type Listing = ReturnType<typeof createListing>;
