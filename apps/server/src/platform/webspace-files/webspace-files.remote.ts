import { NodeUnavailableError, type NodeName } from '../node-bus/node-bus.port.ts';
import type { OperationError } from '../node-bus/node-bus.port.ts';
import type { PortSpec } from '../node-bus/port-spec.ts';
import { LOCAL_NODE } from '../../model/node-ports.ts';
import {
  WebspaceFilesError,
  type FileInfo,
  type WebspaceFiles,
  type WebspaceFilesFailure,
} from './webspace-files.port.ts';

/** What a name search may look at and answer (the node walks, the panel gets the matches). */
export interface FindLimits {
  found: number;
  visited: number;
}

/**
 * The port as it crosses the bus: bytes as base64 (`writeFile`, `renameRaw`), no signals or
 * callbacks, and `find` in place of `walk` (an iterator cannot cross; the node filters).
 */
export type NodeWebspaceFiles = Omit<WebspaceFiles, 'walk' | 'writeFile' | 'renameRaw'> & {
  writeFile(
    domain: string,
    path: string,
    base64: string,
    options?: { keepMode?: boolean; sync?: boolean },
  ): Promise<string>;
  renameRaw(domain: string, folder: string, raw: string, name: string): Promise<string>;
  find(
    domain: string,
    folder: string,
    needle: string,
    limits: FindLimits,
  ): Promise<{ entries: FileInfo[]; truncated: boolean }>;
};

/** The port as the panel's file manager drives one node: `WebspaceFiles` without `walk`. */
export type PanelWebspaceFiles = Omit<NodeWebspaceFiles, 'writeFile' | 'renameRaw'> &
  Pick<WebspaceFiles, 'renameRaw'> & {
    writeFile(
      domain: string,
      path: string,
      bytes: Uint8Array,
      options?: { keepMode?: boolean; sync?: boolean },
    ): Promise<string>;
  };

// Every reason of the port, checked complete by the type.
const FAILURES: Record<WebspaceFilesFailure, 1> = {
  ...{ unavailable: 1, invalid_path: 1, not_found: 1, not_a_directory: 1, not_a_file: 1 },
  ...{ link_refused: 1, exists: 1, too_large: 1, zip_invalid: 1, zip_unsafe: 1 },
};
const isFailure = (reason: string): reason is WebspaceFilesFailure =>
  Object.hasOwn(FAILURES, reason);

/** The node's typed refusal as the port's own error (the file manager's codes depend on it). */
export const webspaceFilesFailure = (e: OperationError): Error =>
  isFailure(e.reason)
    ? new WebspaceFilesError(e.reason, e.message)
    : Object.assign(new Error(e.message), { reason: e.reason });

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const entriesOut = (entries: FileInfo[]) =>
  entries.map((e) => (e.rawName ? { ...e, rawName: b64(e.rawName) } : e));
const entriesIn = (entries: unknown): FileInfo[] =>
  (entries as (Omit<FileInfo, 'rawName'> & { rawName?: string })[]).map((e) =>
    e.rawName ? { ...e, rawName: new Uint8Array(Buffer.from(e.rawName, 'base64')) } : e,
  ) as FileInfo[];

/** Walks a whole tree: as long as a slow disk may take, past which the node counts as gone. */
const WALK_MS = 120_000;

/**
 * The webspace files across the bus. Every call goes request/reply (`read`), mutations too:
 * a file operation is a command on the node's disk, not the whole state of an object the panel
 * keeps. No key could let a later call supersede it (a move, a copy, a trash are not
 * idempotent), each caller awaits its answer, and a command queued while the node is down would
 * run long after the customer was told it failed. A save's bytes never land in the outbox.
 * Streams (downloads, uploads' staging and placing, zips) run here (`local`) for now: `here`
 * is this machine's adapter, so they reach only the `local` node (filesOnNode refuses others).
 */
export function webspaceFilesRemote(here: WebspaceFiles): PortSpec<NodeWebspaceFiles> {
  return {
    name: 'webspaceFiles',
    methods: {
      stat: { kind: 'read' },
      list: {
        kind: 'read',
        encode: (v) => ({ ...v, entries: entriesOut(v.entries) }),
        decode: (v) => {
          const listed = v as { path: string; entries: unknown };
          return { path: listed.path, entries: entriesIn(listed.entries) };
        },
      },
      find: {
        kind: 'read',
        timeoutMs: WALK_MS,
        encode: (v) => ({ ...v, entries: entriesOut(v.entries) }),
        decode: (v) => {
          const found = v as { truncated: boolean; entries: unknown };
          return { truncated: found.truncated, entries: entriesIn(found.entries) };
        },
      },
      size: { kind: 'read', timeoutMs: WALK_MS },
      usage: { kind: 'read', timeoutMs: WALK_MS },
      createFile: { kind: 'read' },
      createFolder: { kind: 'read' },
      ensureFolders: { kind: 'read' },
      move: { kind: 'read' },
      renameRaw: { kind: 'read' },
      copy: { kind: 'read', timeoutMs: WALK_MS },
      chmod: { kind: 'read' },
      readFile: {
        kind: 'read',
        encode: (v) => v.toString('base64'),
        decode: (v) => Buffer.from(v as string, 'base64'),
      },
      writeFile: { kind: 'read' },
      moveToTrash: { kind: 'read' },
      inTrash: { kind: 'read' },
      restoreFromTrash: { kind: 'read' },
      removeFromTrash: { kind: 'read' },
      checkZip: { kind: 'read', timeoutMs: WALK_MS },
      openRead: { kind: 'local', run: (domain, path) => here.openRead(domain, path) },
      stage: { kind: 'local', run: (domain, source, o) => here.stage(domain, source, o) },
      place: { kind: 'local', run: (domain, id, path, o) => here.place(domain, id, path, o) },
      discard: { kind: 'local', run: (domain, id) => here.discard(domain, id) },
      writeZip: { kind: 'local', run: (d, f, names, zip, o) => here.writeZip(d, f, names, zip, o) },
      extractZip: { kind: 'local', run: (d, zip, to, o) => here.extractZip(d, zip, to, o) },
    },
    failure: webspaceFilesFailure,
  };
}

/** A node's adapter as the agent serves it: the wire's base64 back to bytes, `find` by a walk. */
export function nodeWebspaceFiles(files: WebspaceFiles): NodeWebspaceFiles {
  return {
    ...files,
    writeFile: (domain, path, base64, options) =>
      files.writeFile(domain, path, Buffer.from(base64, 'base64'), options),
    renameRaw: (domain, folder, raw, name) =>
      files.renameRaw(domain, folder, Buffer.from(raw, 'base64'), name),
    async find(domain, folder, needle, limits) {
      const entries: FileInfo[] = [];
      let visited = 0;
      for await (const entry of files.walk(domain, folder)) {
        visited += 1;
        if (entry.name.toLowerCase().includes(needle.toLowerCase())) entries.push(entry);
        if (entries.length >= limits.found || visited >= limits.visited)
          return { entries, truncated: true };
      }
      return { entries, truncated: false };
    },
  };
}

const STREAMS = ['openRead', 'stage', 'place', 'discard', 'writeZip', 'extractZip'] as const;
/**
 * The most bytes one call carries to or from a node over NATS: base64 (4/3) and the envelope
 * stay under its 1 MiB message. The local node's in-process bus has no such limit.
 */
export const WIRE_BYTES_MAX = 700_000;

/**
 * The panel's side of one node: bytes to base64, signals left here (a copy or a walk on the node
 * is not cancelled with the request), a refusal the node answered rebuilt as WebspaceFilesError.
 */
export function filesOnNode(port: NodeWebspaceFiles, node: NodeName): PanelWebspaceFiles {
  const streams = Object.fromEntries(
    STREAMS.map((name) => [
      name,
      node === LOCAL_NODE
        ? port[name]
        : () =>
            Promise.reject(new NodeUnavailableError(node, `${name} reaches only the local node`)),
    ]),
  ) as Pick<NodeWebspaceFiles, (typeof STREAMS)[number]>;
  // Over the cap a file is too large for the call (the editor says so) until bytes stream.
  const cap = node === LOCAL_NODE ? Infinity : WIRE_BYTES_MAX;
  const files: PanelWebspaceFiles = {
    ...port,
    ...streams,
    readFile: (domain, path, maxBytes) => port.readFile(domain, path, Math.min(maxBytes, cap)),
    size: (domain, path) => port.size(domain, path),
    usage: (domain) => port.usage(domain),
    copy: (domain, from, folder, name) => port.copy(domain, from, folder, name),
    writeFile: (domain, path, bytes, options) =>
      bytes.length > cap
        ? Promise.reject(new WebspaceFilesError('too_large'))
        : port.writeFile(domain, path, b64(bytes), options),
    renameRaw: (domain, folder, raw, name) => port.renameRaw(domain, folder, b64(raw), name),
  };
  return files;
}
