import { AppError } from '../../lib/app-error.ts';
import { linkRefused } from '../../lib/confine.ts';
import { notFound } from '../../lib/confine-fd.ts';
import { invalidPath } from '../../lib/rel-path.ts';
import type { OperationError } from '../node-bus/node-bus.port.ts';
import type { PortSpec } from '../node-bus/port-spec.ts';
import type { Webspace } from './webspace.port.ts';

/**
 * The webspace as a node serves it. `homeOf` is not on it: every node lays homes out the same
 * way (one root from the same profile), so the panel computes a path itself (core.webspace).
 * `ensureFolder` takes no `own` callback (a function cannot cross): the caller gives the folders
 * it made to their owner with a second call on the same node (ftp.grant).
 */
export type NodeWebspace = Omit<Webspace, 'homeOf' | 'ensureFolder'> & {
  ensureFolder(domain: string, rel: string): Promise<{ path: string; created: boolean }>;
};

/** The confinement refusals a folder call answers (lib/confine.ts), by their code. */
const refusals: Record<string, () => AppError> = {
  invalid_path: invalidPath,
  not_found: notFound,
  link_refused: linkRefused,
  not_a_directory: () => new AppError('not_a_directory', 'conflict'),
};

/** A refusal comes back as the AppError the area answers with; anything else keeps its reason. */
const failure = (e: OperationError): Error =>
  refusals[e.reason]?.() ?? Object.assign(new Error(e.message), { reason: e.reason });

/**
 * The webspace port across the bus. A home and its account are one object (`home:<domain>`):
 * ensure, repair and remove supersede each other. A folder below it is its own object, made or
 * taken away again (`folder:<domain>/<rel>`). Every answer matters, so a pending one throws.
 */
export const webspaceRemote: PortSpec<NodeWebspace> = {
  name: 'webspace',
  methods: {
    ensureHome: { kind: 'change', object: (domain) => `home:${domain}`, whenPending: 'throw' },
    ensureOwner: { kind: 'change', object: (d) => `home:${d.name}`, whenPending: 'throw' },
    repairOwner: { kind: 'change', object: (d) => `home:${d.name}`, whenPending: 'throw' },
    removeHome: { kind: 'change', object: (d) => `home:${d.name}` },
    ensureFolder: {
      kind: 'change',
      object: (domain, rel) => `folder:${domain}/${rel}`,
      whenPending: 'throw',
    },
    removeEmptyFolder: { kind: 'change', object: (domain, rel) => `folder:${domain}/${rel}` },
  },
  failure,
};
