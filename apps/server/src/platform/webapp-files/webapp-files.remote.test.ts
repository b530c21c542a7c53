import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPanelWithNodes, type PanelWithNodes } from '../../../test/support/port-on-node.ts';
import { bindAdapter } from '../../agent/adapter-table.ts';
import { NodeUnavailableError } from '../node-bus/node-bus.port.ts';
import { AppError } from '../../lib/app-error.ts';
import { linkRefused } from '../../lib/confine.ts';
import type { PortSpec } from '../node-bus/port-spec.ts';
import type { WebappFiles } from './webapp-files.port.ts';
import {
  type NodeWebappFiles,
  webappFilesFromNode,
  webappFilesOnNode,
  webappFilesRemote,
} from './webapp-files.remote.ts';

/** Web app files that record each call; a path through `link` is refused as confine does. */
function fakeFiles(calls: string[]): WebappFiles {
  return {
    async inspect(_home, rel) {
      if (rel.startsWith('link')) throw linkRefused();
      return { exists: rel === 'full', empty: rel !== 'full' };
    },
    async stage(sourceRoot, _filter, onProgress, signal) {
      if (sourceRoot === '/none') throw new AppError<string>('source_missing', 'unavailable');
      calls.push(`stage ${typeof onProgress} ${signal.aborted}`);
      await onProgress(1, 1);
      return { dir: '/staging/1', digest: 'abc', files: 3 };
    },
    place: async (_staged, _home, rel) => ({ names: [`${rel}-index.php`], createdFolder: true }),
    discard: async (staged) => void calls.push(`discard ${staged.dir}`),
    discardAllStaged: async () => 2,
    writeFile: async (_home, rel, _content, _owner, mode = 0o640) =>
      void calls.push(`write ${rel} ${mode.toString(8)}`),
    remove: async (home, rel) => void calls.push(`remove ${home}/${rel}`),
    runPhp: async (_code, input) => ({ stdout: input, stderr: '', code: 0 }),
  };
}

describe('webappFilesRemote: web app files driven on a node', () => {
  let node: PanelWithNodes;
  let files: WebappFiles;
  const calls: string[] = [];
  const signal = () => new AbortController().signal;

  beforeAll(async () => {
    node = await startPanelWithNodes(
      [{ bindings: () => [bindAdapter(webappFilesRemote, webappFilesOnNode(fakeFiles(calls)))] }],
      { applyWaitMs: 300 },
    );
    // The panel's side waits less for a read than the spec says, so the down node fails fast.
    const spec: PortSpec<NodeWebappFiles> = {
      ...webappFilesRemote,
      methods: { ...webappFilesRemote.methods, inspect: { kind: 'read', timeoutMs: 300 } },
    };
    files = webappFilesFromNode(node.nodes.port(spec, 'local'));
  });

  afterAll(() => node.close());

  it('runs the install steps on the node: progress once staged, a mode left out is the default', async () => {
    const progress: number[][] = [];
    const staged = await files.stage(
      '/usr/share/wordpress',
      { exclude: ['wp-content'], only: undefined },
      async (done, total) => void progress.push([done, total]),
      signal(),
    );
    expect(staged).toEqual({ dir: '/staging/1', digest: 'abc', files: 3 });
    expect(progress).toEqual([[3, 3]]);
    expect(await files.inspect('/homes/a', 'full')).toEqual({ exists: true, empty: false });
    expect(await files.place(staged, '/homes/a', 'blog', { uid: 1, gid: 1 })).toEqual({
      names: ['blog-index.php'],
      createdFolder: true,
    });
    await files.writeFile('/homes/a', 'blog/wp-config.php', '<?php', null);
    await files.writeFile('/homes/a', 'blog/beheer/index.php', '<?php', null, 0o644);
    expect(
      await files.runPhp('echo 1;', '{"a":1}', { home: '/homes/a', rel: 'blog' }, null),
    ).toEqual({ stdout: '{"a":1}', stderr: '', code: 0 });
    await files.discard(staged);
    expect(await files.discardAllStaged()).toBe(2);
    await files.remove('/homes/a', 'blog');
    expect(calls).toEqual([
      'stage function false',
      'write blog/wp-config.php 640',
      'write blog/beheer/index.php 644',
      'discard /staging/1',
      'remove /homes/a/blog',
    ]);
  });

  it("answers the adapter's refusals as its AppErrors", async () => {
    await expect(files.inspect('/homes/a', 'link/out')).rejects.toMatchObject({
      code: 'link_refused',
      kind: 'forbidden',
    });
    const missing = await files
      .stage('/none', { exclude: [] }, async () => undefined, signal())
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AppError);
    expect(missing).toMatchObject({ code: 'source_missing', kind: 'unavailable' });
  });

  it('drops what was staged for a job stopped meanwhile', async () => {
    calls.length = 0;
    const stop = new AbortController();
    const staging = files.stage('/src', { exclude: [] }, async () => undefined, stop.signal);
    stop.abort(new Error('stopped'));
    await expect(staging).rejects.toThrow('stopped');
    expect(calls).toEqual(['stage function false', 'discard /staging/1']);
  });

  it('while the node is down: a removal is saved pending, a step fails as unavailable', async () => {
    await node.stopAgent();
    await expect(files.remove('/homes/a', 'old')).resolves.toBeUndefined();
    await expect(files.inspect('/homes/a', 'blog')).rejects.toBeInstanceOf(NodeUnavailableError);
  });
});
