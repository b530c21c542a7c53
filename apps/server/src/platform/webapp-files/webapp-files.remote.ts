import { AppError } from '../../lib/app-error.ts';
import { NodeCallError, type OperationError } from '../node-bus/node-bus.port.ts';
import type { PortSpec } from '../node-bus/port-spec.ts';
import type { Staged, WebappFiles } from './webapp-files.port.ts';

/** How long a node may take to stage a release (a copy and a hash of thousands of files). */
export const STAGE_MS = 10 * 60_000;

type StageFilter = Parameters<WebappFiles['stage']>[1];

/**
 * The web app files as a node serves them: `stage` takes no progress callback nor signal
 * (neither crosses the bus); the node bounds it with its own time limit.
 */
export type NodeWebappFiles = Omit<WebappFiles, 'stage'> & {
  stage(sourceRoot: string, filter: StageFilter): Promise<Staged>;
};

/** The refusals the adapter answers with (its own and lib/confine's), by code. */
const refusals: Record<string, () => AppError<string>> = {
  source_missing: () => new AppError<string>('source_missing', 'unavailable'),
  directory_not_empty: () => new AppError<string>('directory_not_empty', 'conflict'),
  invalid_directory: () => new AppError<string>('invalid_directory', 'invalid'),
  not_found: () => new AppError<string>('not_found', 'not_found'),
  link_refused: () => new AppError<string>('link_refused', 'forbidden'),
  invalid_path: () => new AppError<string>('invalid_path', 'invalid'),
  not_a_directory: () => new AppError<string>('not_a_directory', 'conflict'),
  not_a_file: () => new AppError<string>('not_a_file', 'conflict'),
  exists: () => new AppError<string>('exists', 'conflict'),
};

/** A refusal comes back as the adapter's AppError; anything else keeps its reason. */
export const webappFilesFailure = (e: OperationError): Error =>
  refusals[e.reason]?.() ?? Object.assign(new Error(e.message), { reason: e.reason });

/**
 * The web app files port across the bus. An install's steps are request/reply (`read` in the
 * spec's terms, with their own time limits): the install job waits for each, and a step it gave
 * up on must never be replayed later by a catch-up (a config with a database password written
 * into a folder the undo emptied). Their arguments never reach the outbox, so neither do the
 * passwords in them. Removing an app's path is a change (`webapp-path:<home>/<rel>`): a delete
 * is saved while the node is down and applied when it is back.
 */
export const webappFilesRemote: PortSpec<NodeWebappFiles> = {
  name: 'webapp-files',
  methods: {
    inspect: { kind: 'read' },
    stage: { kind: 'read', timeoutMs: STAGE_MS + 30_000 },
    place: { kind: 'read', timeoutMs: 5 * 60_000 },
    discard: { kind: 'read', timeoutMs: 60_000 },
    discardAllStaged: { kind: 'read', timeoutMs: 60_000 },
    writeFile: { kind: 'read' },
    remove: { kind: 'change', object: (home, rel) => `webapp-path:${home}/${rel}` },
    // The adapter stops PHP after 120 s.
    runPhp: { kind: 'read', timeoutMs: 130_000 },
  },
  failure: webappFilesFailure,
};

/**
 * The adapter as a node serves it: staging without the panel's callback, within STAGE_MS; a
 * mode left out arrives as null (JSON), which is the adapter's default again.
 */
export function webappFilesOnNode(files: WebappFiles): NodeWebappFiles {
  return {
    ...files,
    stage: (sourceRoot, filter) =>
      files.stage(sourceRoot, filter, async () => undefined, AbortSignal.timeout(STAGE_MS)),
    writeFile: (home, rel, content, owner, mode) =>
      files.writeFile(home, rel, content, owner, mode ?? undefined),
  };
}

/** A read the node failed comes back as the adapter's error, as a failed change does. */
async function rebuilt<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof NodeCallError) throw webappFilesFailure(error);
    throw error;
  }
}

/**
 * The node's port as the install steps use it: progress is reported once the node has staged,
 * and a job stopped meanwhile drops the staged copy. Failures are the adapter's AppErrors.
 */
export function webappFilesFromNode(port: NodeWebappFiles): WebappFiles {
  return {
    inspect: (home, rel) => rebuilt(() => port.inspect(home, rel)),
    async stage(sourceRoot, filter, onProgress, signal) {
      signal.throwIfAborted();
      const staged = await rebuilt(() => port.stage(sourceRoot, filter));
      if (signal.aborted) {
        await port.discard(staged).catch(() => undefined);
        signal.throwIfAborted();
      }
      await onProgress(staged.files, staged.files);
      return staged;
    },
    place: (staged, home, rel, owner) => rebuilt(() => port.place(staged, home, rel, owner)),
    discard: (staged) => rebuilt(() => port.discard(staged)),
    discardAllStaged: () => rebuilt(() => port.discardAllStaged()),
    writeFile: (home, rel, content, owner, mode) =>
      rebuilt(() => port.writeFile(home, rel, content, owner, mode)),
    remove: (home, rel) => port.remove(home, rel),
    runPhp: (code, input, at, owner) => rebuilt(() => port.runPhp(code, input, at, owner)),
  };
}
