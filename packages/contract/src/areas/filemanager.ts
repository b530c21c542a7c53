import { z } from 'zod';
import { defineEndpoint, WEBHOSTING_ACCESS } from '../endpoint.ts';
import { VALIDATION } from '../rules/messages.ts';
import { domainParams } from './account.ts';

/**
 * File manager and editor (specs part 2: screens, file entry, states, validation, errors
 * `webhosting.filemanager.error.<code>`). Paths are relative to the domain's home and start
 * with '/': '/httpdocs/index.php'. The home itself is '/'.
 */
export const FILEMANAGER_ERRORS = [
  'invalid_path',
  'no_ftp_connection',
  'invalid_filename',
  'no_file_selected',
  'upload_error',
  'create_folder_failed',
  'move_between_users',
  'max_size',
  'exists',
  'not_a_directory',
  'not_a_file',
  'link_refused',
  'into_itself',
  'zip_invalid',
  'zip_unsafe',
  'zip_too_large',
  'too_large_to_edit',
  'binary_file',
  'changed_on_disk',
  'ticket_invalid',
] as const;
export type FilemanagerError = (typeof FILEMANAGER_ERRORS)[number];

export const FILEMANAGER_LIMITS = {
  /** Characters in a path parameter. */
  pathMax: 4096,
  /** Bytes in one name (the Linux NAME_MAX). */
  nameMaxBytes: 255,
  /** Largest file the editor opens or saves, in bytes. */
  editMaxBytes: 5_000_000,
  /** Entries in one zip or bulk request. */
  bulkMax: 1000,
  /** Search hits returned at most. */
  searchMax: 500,
  /** Single-use download tickets live this long. */
  ticketSeconds: 60,
} as const;

/**
 * Names a customer types or uploads: printable ASCII, not only spaces, no slash or backslash,
 * not '.' or '..'.
 */
export function fileNameProblem(
  name: string,
): 'required' | 'non_ascii' | 'too_long' | 'regex' | null {
  if (name.trim().length === 0) return VALIDATION.required;
  if (!/^[\x20-\x7e]+$/.test(name)) return VALIDATION.nonAscii;
  if (name.length > FILEMANAGER_LIMITS.nameMaxBytes) return VALIDATION.tooLong;
  if (name.includes('/') || name.includes('\\') || name === '.' || name === '..')
    return VALIDATION.regex;
  return null;
}

export const fileName = z.string({ error: VALIDATION.required }).superRefine((value, ctx) => {
  const problem = fileNameProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A path in the home as sent by the web; confinement happens on the server. */
export const filePath = z
  .string({ error: VALIDATION.required })
  .max(FILEMANAGER_LIMITS.pathMax, VALIDATION.tooLong);

/** Specs: move and duplicate targets have trailing slashes removed. */
export function trimTrailingSlashes(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
const targetPath = filePath.transform(trimTrailingSlashes);

/** Three octal digits, 000 to 777. */
export const octalMode = z.string().regex(/^[0-7]{3}$/, VALIDATION.regex);

export const ENTRY_TYPES = ['directory', 'file', 'link'] as const;

/** One row of a listing (specs: file entry). */
export const fileEntry = z.object({
  name: z.string(),
  path: z.string(),
  type: z.enum(ENTRY_TYPES),
  /** Bytes; null for a folder until calculated. */
  size: z.number().int().nullable(),
  /** Unix seconds. */
  changed: z.number().int(),
  /** Four octal digits, the first ignored (specs). */
  permissions: z.string().regex(/^[0-7]{4}$/),
  /** For links: where it points, in Haven's terms; a link out of the home is never followed. */
  link: z.object({ target: z.enum(['directory', 'file', 'missing', 'outside']) }).optional(),
  /**
   * Only for a name that is not valid UTF-8 (made over FTP): its bytes, base64url. `name` and
   * `path` then show it escaped and address nothing; such an entry is renamed by `renameRaw`.
   */
  raw_name: z.string().optional(),
});
export type FileEntry = z.infer<typeof fileEntry>;

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

export const size = defineEndpoint({
  ...common,
  method: 'GET',
  path: `${base}/size`,
  summary: "A folder's size in bytes, calculated on demand",
  query: z.object({ path: filePath }),
  response: z.object({ size: z.number().int() }),
});

export const search = defineEndpoint({
  ...common,
  method: 'GET',
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

/** Specs: the zip default name is the current date and time with .zip. */
export function defaultZipName(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}_${p(now.getHours())}-${p(now.getMinutes())}-${p(now.getSeconds())}.zip`;
}

export interface Rwx {
  read: boolean;
  write: boolean;
  execute: boolean;
}
export type Permissions = { owner: Rwx; group: Rwx; others: Rwx };

/** '754' -> checkboxes for owner, group and others (the permissions dialog keeps both in sync). */
export function octalToRwx(octal: string): Permissions {
  const digit = (i: number): Rwx => {
    const d = Number.parseInt(octal[i] ?? '0', 8) || 0;
    return { read: (d & 4) !== 0, write: (d & 2) !== 0, execute: (d & 1) !== 0 };
  };
  return { owner: digit(0), group: digit(1), others: digit(2) };
}

export function rwxToOctal(p: Permissions): string {
  const d = (r: Rwx) => (r.read ? 4 : 0) + (r.write ? 2 : 0) + (r.execute ? 1 : 0);
  return `${d(p.owner)}${d(p.group)}${d(p.others)}`;
}
