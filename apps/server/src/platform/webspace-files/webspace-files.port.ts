import type { Readable } from 'node:stream';

/**
 * Why an operation on a domain's files failed, in Haven's terms:
 * - `unavailable`: the domain's home is not there (or cannot be reached);
 * - `invalid_path`: a bad path, or one that leads out of the home;
 * - `not_found`: the entry, or a folder on the way to it, does not exist;
 * - `not_a_directory` / `not_a_file`: the entry is of the other kind;
 * - `link_refused`: the entry is a link out of the home, or a file with more hard links;
 * - `exists`: something is already where a new entry would go;
 * - `too_large`: over the byte or entry limit the caller passed;
 * - `zip_invalid`: not a zip that can be read; `zip_unsafe`: an entry would land outside
 *   the target folder, or is a link or device.
 * Anything else (a full disk, a permission the platform lacks) is an ordinary Error.
 */
export type WebspaceFilesFailure =
  | 'unavailable'
  | 'invalid_path'
  | 'not_found'
  | 'not_a_directory'
  | 'not_a_file'
  | 'link_refused'
  | 'exists'
  | 'too_large'
  | 'zip_invalid'
  | 'zip_unsafe';

export class WebspaceFilesError extends Error {
  constructor(
    readonly reason: WebspaceFilesFailure,
    message: string = reason,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'WebspaceFilesError';
  }
}

/** Where a link leads, in customer terms (it is never read through). */
export type LinkTarget = 'directory' | 'file' | 'missing' | 'outside';

/**
 * One entry of a home. Paths are customer paths ('/httpdocs/index.php', '/' is the home),
 * canonical: no '..', no double slashes.
 */
export interface FileInfo {
  path: string;
  /** Last name ('' for the home). */
  name: string;
  /** A link is a link (never followed); sockets, FIFOs and devices are `other`. */
  type: 'directory' | 'file' | 'link' | 'other';
  /** Bytes of the entry itself (a link's own size). */
  size: number;
  mtimeMs: number;
  /** Permission bits (mode & 0o7777). */
  mode: number;
  /** Only for links, in `list`. */
  linkTarget?: LinkTarget;
  /**
   * Only in `list`, for a name that is not valid UTF-8: its bytes. `name` and `path` then show
   * it escaped (they address nothing); `renameRaw` gives it a valid name.
   */
  rawName?: Uint8Array;
}

/** An entry found by `stat`: also where it really is, links on the way resolved. */
export interface FoundEntry extends FileInfo {
  realPath: string;
}

/** The limits an archive must keep (count and uncompressed bytes of its entries). */
export interface ZipLimits {
  maxBytes: number;
  maxEntries: number;
}

export interface Progress {
  signal?: AbortSignal | undefined;
  /** Bytes done so far and in all (0 when not known beforehand), heard as the work goes on. */
  onBytes?: (done: number, total: number) => void;
}

/**
 * The files of each domain's home: every customer path is confined to the home (links out of
 * it are never followed), Haven's own folders (trash, temp files) are outside every home, and
 * new entries belong to the owner of the folder they are made in. Writes land
 * complete or not at all (a temp file renamed into place). Plain data in, plain data out, so
 * an agent on another hosting server can run an implementation.
 */
export interface WebspaceFiles {
  /**
   * The entry at `path`; null when only its last name is missing. A link as the last name is
   * reported as a link, unless `follow`: then a link to an entry inside the home is replaced
   * by that entry, and a link out of it fails with `link_refused`.
   */
  stat(domain: string, path: string, options?: { follow?: boolean }): Promise<FoundEntry | null>;
  /** The entries of a folder (a link to a folder inside the home is followed), links described. */
  list(domain: string, folder: string): Promise<{ path: string; entries: FileInfo[] }>;
  /** Every entry below a folder, depth first, never through a link. Stops when the loop breaks. */
  walk(
    domain: string,
    folder: string,
    options?: { signal?: AbortSignal | undefined },
  ): AsyncIterable<FileInfo>;
  /** Bytes of a file, or of everything below a folder (links counted as themselves). */
  size(
    domain: string,
    path: string,
    options?: { signal?: AbortSignal | undefined },
  ): Promise<number>;

  /**
   * Bytes the domain uses: every file and link of the home, and everything in its trash
   * (apparent sizes; folders count nothing). Temp files of work under way are not counted.
   * `folders`: the home's bytes per entry at its top (`httpdocs`, `logs`…), from the same walk.
   */
  usage(
    domain: string,
    options?: { signal?: AbortSignal | undefined },
  ): Promise<{ home: number; trash: number; folders: Record<string, number> }>;

  /** Makes an empty file (mode 644) in a folder; `exists` when the name is taken. Returns its path. */
  createFile(domain: string, folder: string, name: string): Promise<string>;
  /** Makes a folder (mode 755) in a folder; `exists` when the name is taken. Returns its path. */
  createFolder(domain: string, folder: string, name: string): Promise<string>;
  /** mkdir -p of `names` below a folder (never through a link or a file). Returns the innermost. */
  ensureFolders(domain: string, folder: string, names: readonly string[]): Promise<string>;
  /** Renames an entry to `folder/name` (any kind, links as links); never over an existing one. */
  move(domain: string, from: string, folder: string, name: string): Promise<string>;
  /** Renames the entry of `folder` whose name is the bytes `raw` to `name`; never over an existing one. */
  renameRaw(domain: string, folder: string, raw: Uint8Array, name: string): Promise<string>;
  /** Copies a file, link or folder tree to `folder/name`; on failure nothing of the copy stays. */
  copy(
    domain: string,
    from: string,
    folder: string,
    name: string,
    options?: { signal?: AbortSignal | undefined },
  ): Promise<string>;
  /** Sets the permission bits of a file or folder; a link is refused (chmod would follow it). */
  chmod(domain: string, path: string, mode: number): Promise<void>;

  /** The bytes of a regular file (a link inside the home followed); `too_large` over `maxBytes`. */
  readFile(domain: string, path: string, maxBytes: number): Promise<Buffer>;
  /**
   * Writes a file from bytes or chunks, replacing a regular file at `path` atomically (readers
   * see the old or the new one). New files get mode 644; `keepMode` keeps a replaced file's
   * mode and owner; `sync` flushes to disk before the rename. A source that throws leaves nothing.
   */
  writeFile(
    domain: string,
    path: string,
    source: Uint8Array | AsyncIterable<Uint8Array>,
    options?: { signal?: AbortSignal | undefined; keepMode?: boolean; sync?: boolean },
  ): Promise<string>;
  /**
   * Writes bytes to a temp file of the domain (never a customer path) and returns its id, for
   * work that puts several files in place only when all of them arrived. A failing source
   * leaves nothing.
   */
  stage(
    domain: string,
    source: AsyncIterable<Uint8Array>,
    options?: { signal?: AbortSignal | undefined },
  ): Promise<string>;
  /**
   * Puts a staged file at `path` (mode 644, the folder's owner): over a regular file only with
   * `overwrite`, else `exists`. Returns the path.
   */
  place(
    domain: string,
    staged: string,
    path: string,
    options: { overwrite: boolean },
  ): Promise<string>;
  /** Removes a staged file; absent is fine. */
  discard(domain: string, staged: string): Promise<void>;
  /** A regular file's bytes as a stream, with its size; a file with more hard links is refused. */
  openRead(domain: string, path: string): Promise<{ stream: Readable; size: number; name: string }>;

  /** Moves an entry into the domain's trash under `id` (a rename: same filesystem, instant). */
  moveToTrash(domain: string, path: string, id: string): Promise<void>;
  /** Whether the trash still holds `id`. */
  inTrash(domain: string, id: string): Promise<boolean>;
  /** Moves `id` out of the trash to `folder/name`; never over an existing entry. */
  restoreFromTrash(domain: string, id: string, folder: string, name: string): Promise<string>;
  /** Removes `id` from the trash for good; absent is fine. */
  removeFromTrash(domain: string, id: string): Promise<void>;

  /**
   * Writes `folder/zipName` holding the named entries of the folder (folders with all below
   * them; links and special files left out). Lands complete or not at all; `exists` if the
   * name was taken meanwhile.
   */
  writeZip(
    domain: string,
    folder: string,
    names: readonly string[],
    zipName: string,
    options?: Progress,
  ): Promise<string>;
  /**
   * Reads a zip through before anything is written: readable, every entry safe and within the
   * limits, nothing in the way in `target` (files only when `overwrite`). Returns its bytes.
   */
  checkZip(
    domain: string,
    zip: string,
    target: string,
    options: ZipLimits & { overwrite: boolean },
  ): Promise<{ bytes: number }>;
  /**
   * Extracts a zip into `target` with the same checks, each file renamed into place (644/755).
   * A failure midway removes the files and folders it made (a file it replaced stays replaced).
   */
  extractZip(
    domain: string,
    zip: string,
    target: string,
    options: ZipLimits & Progress & { overwrite: boolean },
  ): Promise<void>;
}
