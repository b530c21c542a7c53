import type { RunResult } from '../../lib/process.ts';

/** The system account files are given to and PHP runs as (null: Haven's own account). */
export interface FileOwner {
  uid: number;
  gid: number;
}

/** A release copied out of the package source, waiting outside every customer's home. */
export interface Staged {
  dir: string;
  /** SHA-256 over the sorted `path NUL sha256(content)` lines of every file (see tree-digest.ts). */
  digest: string;
  files: number;
}

/**
 * The disk and process work of installing a web app. Customer paths are relative to the
 * domain's home and are confined (lib/confine.ts); the release is staged in a folder customers
 * cannot write, so a link planted during the copy cannot redirect it.
 */
export interface WebappFiles {
  /** Whether a folder below the home exists, and whether it is empty. Refuses links and `..`. */
  inspect(home: string, rel: string): Promise<{ exists: boolean; empty: boolean }>;
  /** Copies a release tree (links followed: Debian's package links shared files) and hashes it. */
  stage(
    sourceRoot: string,
    filter: { exclude: readonly string[]; only?: readonly string[] | undefined },
    onProgress: (done: number, total: number) => Promise<void>,
    signal: AbortSignal,
  ): Promise<Staged>;
  /**
   * Moves the staged entries into the folder (made when missing; entries of the same name
   * replaced), owned by `owner`. Answers the top-level names placed and whether the folder was made.
   */
  place(
    staged: Staged,
    home: string,
    rel: string,
    owner: FileOwner | null,
  ): Promise<{ names: string[]; createdFolder: boolean }>;
  /** Drops a staging folder (after placing it, or when the install stops). */
  discard(staged: Staged): Promise<void>;
  /** Drops every staging folder (at start, before any install runs); answers how many. */
  discardAllStaged(): Promise<number>;
  /** Writes one file below the home (atomically; folders made as needed), owned by `owner`. */
  writeFile(
    home: string,
    rel: string,
    content: string,
    owner: FileOwner | null,
    mode?: number,
  ): Promise<void>;
  /** Removes an entry below the home and all it holds (never following a link out). */
  remove(home: string, rel: string): Promise<void>;
  /** Runs PHP CLI code with JSON on stdin, in a folder below the home, as `owner`. */
  runPhp(
    code: string,
    input: string,
    at: { home: string; rel: string },
    owner: FileOwner | null,
  ): Promise<RunResult>;
}
