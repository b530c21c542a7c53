import { z } from 'zod';
import { VALIDATION } from '../rules/messages.ts';

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
  /**
   * The plan's disk space would be exceeded (answered 413 with `fields.used` and
   * `fields.limit` in bytes): nothing of the operation is written.
   */
  'quota_exceeded',
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
export const targetPath = filePath.transform(trimTrailingSlashes);

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
