import type { ErrorKind, ErrorsOf, filemanager } from '@haven/contract';

type FmCode = ErrorsOf<typeof filemanager>;
import { AppError } from '../../lib/app-error.ts';
import { fail } from './filemanager.errors.ts';
import { joinRel, splitPath } from '../../lib/rel-path.ts';
import { mapErrors } from '../../lib/map-errors.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import {
  WebspaceFilesError,
  type FoundEntry,
  type WebspaceFilesFailure,
} from '../../platform/webspace-files/webspace-files.port.ts';
import {
  filesOnNode,
  type NodeWebspaceFiles,
  type PanelWebspaceFiles,
} from '../../platform/webspace-files/webspace-files.remote.ts';

/** The standard folders of a home stay where they are (the web server points at them). */
export const PROTECTED = new Set(['/httpdocs', '/subdomains', '/logs', '/private']);

/** The port's failures as the file manager's error codes (the contract's FILEMANAGER_ERRORS). */
const CODES: Record<WebspaceFilesFailure, [FmCode | 'too_large', ErrorKind]> = {
  unavailable: ['no_ftp_connection', 'unavailable'],
  invalid_path: ['invalid_path', 'invalid'],
  not_found: ['not_found', 'not_found'],
  not_a_directory: ['not_a_directory', 'conflict'],
  not_a_file: ['not_a_file', 'conflict'],
  link_refused: ['link_refused', 'forbidden'],
  exists: ['exists', 'conflict'],
  // Each caller that passes a limit names it (max_size, too_large_to_edit, zip_too_large).
  too_large: ['too_large', 'too_large'],
  zip_invalid: ['zip_invalid', 'invalid'],
  zip_unsafe: ['zip_unsafe', 'invalid'],
};

function appErrorOf(error: unknown): unknown {
  if (!(error instanceof WebspaceFilesError)) return error;
  const [code, kind] = CODES[error.reason];
  // 'too_large' is renamed by the caller that set the limit (tooLargeAs).
  return new AppError<FmCode | 'too_large'>(code, kind, undefined, { cause: error });
}

/** Turns the port's `too_large` into the caller's own code. */
export function tooLargeAs(code: FmCode): (error: unknown) => never {
  return (error) => {
    if (error instanceof AppError && error.code === 'too_large')
      throw fail(code, 'too_large', undefined, { cause: error });
    throw error;
  };
}

/** '/a/b' + 'c' -> '/a/b/c'. */
export const childOf = (folder: string, name: string) => joinRel([...splitPath(folder), name]);
/** '/a/b/c' -> '/a/b'. */
export const parentOf = (path: string) => joinRel(splitPath(path).slice(0, -1));
/** Whether customer path `inner` is `outer` or below it. */
export const within = (outer: string, inner: string) =>
  outer === '/' || inner === outer || inner.startsWith(`${outer}/`);

/** A domain as the file manager reaches its files: by name, on the node that serves it. */
export type FilesDomain = Pick<DomainRef, 'name' | 'node'>;

/**
 * The domain's files for the file manager: the port on the domain's node (its failures as
 * AppErrors) and the three ways an operation asks for an entry (any, a folder, a file; links
 * inside the home followed for the last two).
 */
export function createFiles(ports: NodePorts<NodeWebspaceFiles>) {
  const byNode = new Map<string, PanelWebspaceFiles>();
  /** The files port of the node that serves `domain`. */
  function on(domain: Pick<DomainRef, 'node'>): PanelWebspaceFiles {
    let port = byNode.get(domain.node);
    if (!port) {
      port = mapErrors(filesOnNode(ports(domain.node), domain.node), appErrorOf);
      byNode.set(domain.node, port);
    }
    return port;
  }

  async function existing(domain: FilesDomain, path: string): Promise<FoundEntry> {
    const entry = await on(domain).stat(domain.name, path);
    if (!entry) throw fail('not_found', 'not_found');
    return entry;
  }

  async function folder(domain: FilesDomain, path: string): Promise<FoundEntry> {
    const entry = await on(domain).stat(domain.name, path, { follow: true });
    if (!entry) throw fail('not_found', 'not_found');
    if (entry.type !== 'directory') throw fail('not_a_directory', 'conflict');
    return entry;
  }

  async function file(domain: FilesDomain, path: string): Promise<FoundEntry> {
    const entry = await on(domain).stat(domain.name, path, { follow: true });
    if (!entry) throw fail('not_found', 'not_found');
    if (entry.type !== 'file') throw fail('not_a_file', 'conflict');
    return entry;
  }

  return { on, existing, folder, file };
}
export type Files = ReturnType<typeof createFiles>;
