import { z } from 'zod';
import { defineEndpoint, WEBHOSTING_ACCESS } from '../endpoint.ts';
import { VALIDATION } from '../rules/messages.ts';
import { domainParams } from './account.ts';
import {
  FILEMANAGER_ERRORS,
  FILEMANAGER_LIMITS,
  fileName,
  filePath,
  octalMode,
  ENTRY_TYPES,
  fileEntry,
  targetPath,
} from './filemanager-values.ts';

/** The file manager's values (names, paths, limits, error codes) live in filemanager-values.ts. */
export * from './filemanager-values.ts';

const base = '/api/{domain}/webhosting/filemanager';
const tag = 'filemanager';
const common = {
  ...WEBHOSTING_ACCESS,
  tag,
  params: domainParams,
  errors: FILEMANAGER_ERRORS,
} as const;
const ok = z.object({ ok: z.literal(true) });

export const list = defineEndpoint({
  ...common,
  method: 'GET',
  path: `${base}/list`,
  summary: 'The entries of a folder (links are shown, never followed out of the home)',
  query: z.object({ path: filePath.default('/') }),
  response: z.object({
    path: z.string(),
    data: z.array(fileEntry),
    /** Largest upload in bytes (the upload button shows it). */
    max_size: z.number().int(),
  }),
});

/**
 * The domain's disk use against its plan, in bytes: the home, the trash, the databases and the
 * mailboxes, the figure the file manager enforces (`quota_exceeded`) and the dashboard shows.
 */
export const usage = defineEndpoint({
  ...common,
  method: 'GET',
  path: `${base}/usage`,
  summary: 'Disk use of the domain (files, trash, databases, mail) and the plan’s limit, in bytes',
  response: z.object({ used: z.number().int(), limit: z.number().int() }),
});

export const size = defineEndpoint({
  ...common,
  method: 'GET',
  expensive: true,
  path: `${base}/size`,
  summary: "A folder's size in bytes, calculated on demand",
  query: z.object({ path: filePath }),
  response: z.object({ size: z.number().int() }),
});

export const search = defineEndpoint({
  ...common,
  method: 'GET',
  expensive: true,
  path: `${base}/search`,
  summary: 'Entries whose name contains the query, in the folder and below',
  query: z.object({
    path: filePath.default('/'),
    q: z.string().trim().min(1, VALIDATION.required).max(255, VALIDATION.tooLong),
  }),
  response: z.object({ data: z.array(fileEntry), truncated: z.boolean() }),
});

const paths = z
  .array(filePath)
  .min(1, 'no_file_selected')
  .max(FILEMANAGER_LIMITS.bulkMax, VALIDATION.tooLong);

export const remove = defineEndpoint({
  ...common,
  method: 'POST',
  path: `${base}/delete`,
  summary: 'Moves entries to the domain trash',
  body: z.object({ paths }),
  response: ok,
});

export const duplicate = defineEndpoint({
  ...common,
  method: 'POST',
  path: `${base}/duplicate`,
  summary: 'Copies an entry into the target folder (default: beside it, with a new name)',
  body: z.object({ source: filePath, target: targetPath.optional() }),
  response: z.object({ path: z.string() }),
});

export const move = defineEndpoint({
  ...common,
  method: 'POST',
  path: `${base}/move`,
  summary: 'Moves an entry into the target folder',
  body: z.object({ source: filePath, target: targetPath }),
  response: z.object({ path: z.string() }),
});

export const rename = defineEndpoint({
  ...common,
  method: 'POST',
  path: `${base}/rename`,
  summary: 'Renames an entry (the same name does nothing)',
  body: z.object({ old_path: filePath, new_path: filePath }),
  response: z.object({ path: z.string() }),
});

export const renameRaw = defineEndpoint({
  ...common,
  method: 'POST',
  path: `${base}/rename-raw`,
  summary: 'Gives an entry whose name is not UTF-8 (listed with raw_name) a valid name',
  body: z.object({
    /** The folder that holds it. */
    path: filePath,
    raw_name: z
      .string({ error: VALIDATION.required })
      .regex(/^[A-Za-z0-9_-]{1,340}$/, VALIDATION.regex),
    name: fileName,
  }),
  response: z.object({ path: z.string() }),
});

const create = z.object({ path: filePath, name: fileName });
export type CreateInput = z.input<typeof create>;

export const createFile = defineEndpoint({
  ...common,
  method: 'POST',
  path: `${base}/file`,
  summary: 'Creates an empty file',
  body: create,
  response: z.object({ path: z.string() }),
});

export const createFolder = defineEndpoint({
  ...common,
  method: 'POST',
  path: `${base}/folder`,
  summary: 'Creates a folder',
  body: create,
  response: z.object({ path: z.string() }),
});

/**
 * Multipart upload: one or more `file` parts. `dir` is the folder inside `path` the files go
 * to (a folder upload sends each file's relative folder), created as needed. A name that is
 * taken answers `exists` (409) unless `overwrite=true`; a refused request writes nothing.
 */
export const upload = defineEndpoint({
  ...common,
  method: 'POST',
  path: `${base}/upload`,
  summary: 'Uploads files (multipart, streamed to disk, all or nothing per request)',
  query: z.object({
    path: filePath,
    dir: filePath.optional(),
    overwrite: z.enum(['true', 'false']).optional(),
  }),
  response: z.object({ paths: z.array(z.string()) }),
});

export const zip = defineEndpoint({
  ...common,
  method: 'POST',
  expensive: true,
  path: `${base}/zip`,
  summary: 'Zips entries of a folder in the background; answers the job id as pid',
  body: z.object({
    path: filePath,
    files: z.array(fileName).min(1, 'no_file_selected').max(FILEMANAGER_LIMITS.bulkMax),
    zip: fileName,
  }),
  response: z.object({ pid: z.string() }),
});

export const zipBusy = defineEndpoint({
  ...common,
  method: 'GET',
  path: `${base}/zip/busy`,
  summary: 'Whether a zip (or unzip) job is still running',
  query: z.object({ path: filePath.optional(), pid: z.string().uuid() }),
  response: z.object({ busy: z.boolean(), error: z.string().nullable() }),
});

export const unzip = defineEndpoint({
  ...common,
  method: 'POST',
  expensive: true,
  path: `${base}/unzip`,
  summary: 'Extracts a zip into a folder (default: beside it); big archives run in the background',
  body: z.object({
    path: filePath,
    target: targetPath.optional(),
    overwrite: z.boolean().default(false),
  }),
  response: z.object({ pid: z.string().nullable() }),
});

export const chmod = defineEndpoint({
  ...common,
  method: 'POST',
  path: `${base}/chmod`,
  summary: 'Sets the permissions of a file or folder (three octal digits)',
  body: z.object({ path: filePath, value: octalMode }),
  response: ok,
});

export const content = defineEndpoint({
  ...common,
  method: 'GET',
  path: `${base}/content`,
  summary: 'A text file for the editor, with the version a save compares against',
  query: z.object({ path: filePath }),
  response: z.object({ content: z.string(), version: z.string() }),
});

export const save = defineEndpoint({
  ...common,
  method: 'POST',
  path: `${base}/save`,
  summary: 'Saves a file atomically; refuses when it changed on disk since `version` unless forced',
  body: z.object({
    path: filePath,
    content: z.string(),
    version: z.string().max(128).optional(),
    force: z.boolean().default(false),
  }),
  response: z.object({ version: z.string() }),
  bodyLimit: FILEMANAGER_LIMITS.editMaxBytes * 2 + 10_000,
});

/** Specs: GET .../download{path} (the path URI-encoded into the last segment). */
export const download = defineEndpoint({
  ...common,
  method: 'GET',
  expensive: true,
  path: `${base}/download{path}`,
  summary: 'A file as an attachment (download, preview and editor content)',
  params: domainParams.extend({ path: filePath }),
  response: z.unknown(),
  responseKind: 'file',
});

export const ticket = defineEndpoint({
  ...common,
  method: 'POST',
  path: `${base}/ticket`,
  summary:
    'A single-use download ticket, so a plain link can download without the token in the URL',
  body: z.object({ path: filePath }),
  response: z.object({ ticket: z.string(), expires_in: z.number().int() }),
});

export const ticketDownload = defineEndpoint({
  method: 'GET',
  expensive: true,
  path: `${base}/ticket/{ticket}`,
  access: 'public',
  tag,
  summary: 'Downloads the file of a ticket once',
  params: domainParams.extend({
    ticket: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, VALIDATION.regex),
  }),
  response: z.unknown(),
  responseKind: 'file',
  errors: FILEMANAGER_ERRORS,
});

export const trashItem = z.object({
  id: z.string(),
  name: z.string(),
  /** Where it was, relative to the home. */
  original_path: z.string(),
  type: z.enum(ENTRY_TYPES),
  size: z.number().int(),
  /** Unix seconds. */
  deleted_at: z.number().int(),
});
export type TrashItem = z.infer<typeof trashItem>;

export const trash = defineEndpoint({
  ...common,
  method: 'GET',
  path: `${base}/trash`,
  summary: 'Entries in the domain trash, newest first',
  response: z.object({ items: z.array(trashItem), size: z.number().int() }),
});

export const restore = defineEndpoint({
  ...common,
  method: 'POST',
  path: `${base}/trash/restore`,
  summary: 'Puts trashed entries back (beside the original with a new name when it is taken)',
  body: z.object({ ids: z.array(z.string().uuid()).min(1).max(FILEMANAGER_LIMITS.bulkMax) }),
  response: z.object({ paths: z.array(z.string()) }),
});

export const emptyTrash = defineEndpoint({
  ...common,
  method: 'POST',
  path: `${base}/trash/empty`,
  summary: 'Deletes trashed entries for good (all, or the given ids)',
  body: z.object({ ids: z.array(z.string().uuid()).max(FILEMANAGER_LIMITS.bulkMax).optional() }),
  response: ok,
});
