import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPanelWithNodes, type PanelWithNodes } from '../../../test/support/port-on-node.ts';
import { bindAdapter } from '../../agent/adapter-table.ts';
import { NodeUnavailableError } from '../node-bus/node-bus.port.ts';
import { createDirectoryWebspace } from '../webspace/webspace.local.ts';
import { createLocalWebspaceFiles } from './webspace-files.local.ts';
import { WebspaceFilesError } from './webspace-files.port.ts';
import {
  filesOnNode,
  nodeWebspaceFiles,
  webspaceFilesRemote,
  type PanelWebspaceFiles,
  WIRE_BYTES_MAX,
} from './webspace-files.remote.ts';

/** Two machines' homes: the panel's own (`local`) and node `b`'s, which only its agent touches. */
describe('webspaceFilesRemote: a domain on another node is served by that node', () => {
  const domain = 'files.example';
  let node: PanelWithNodes;
  let dir: string;
  let homeB: string;
  let onB: PanelWebspaceFiles;
  let onLocal: PanelWebspaceFiles;

  // The panel's own files, for the spec's local methods (the node runs none of them).
  const specIn = (root: string) =>
    webspaceFilesRemote(
      createLocalWebspaceFiles(createDirectoryWebspace(join(root, 'panel-homes'))),
    );

  beforeAll(async () => {
    const bindings = (root: string) => {
      const spaceB = createDirectoryWebspace(join(root, 'b-homes'));
      return [bindAdapter(specIn(root), nodeWebspaceFiles(createLocalWebspaceFiles(spaceB)))];
    };
    node = await startPanelWithNodes([{ node: 'b', bindings }]);
    dir = node.dir;
    await createDirectoryWebspace(join(dir, 'panel-homes')).ensureHome(domain);
    await writeFile(join(dir, 'panel-homes', domain, 'httpdocs/here.txt'), 'panel');
    homeB = await createDirectoryWebspace(join(dir, 'b-homes')).ensureHome(domain);
    const spec = specIn(dir);
    onB = filesOnNode(node.nodes.port(spec, 'b'), 'b');
    onLocal = filesOnNode(node.nodes.port(spec, 'local'), 'local');
  });

  afterAll(() => node.close());

  it('writes, lists, reads and measures on the node: bytes cross as bytes', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 0x7b, 0]);
    expect(await onB.createFolder(domain, '/httpdocs', 'site')).toBe('/httpdocs/site');
    await onB.writeFile(domain, '/httpdocs/site/bin.dat', bytes, { keepMode: true, sync: true });
    expect(await readFile(join(homeB, 'httpdocs/site/bin.dat'))).toEqual(bytes);
    const read = await onB.readFile(domain, '/httpdocs/site/bin.dat', 100);
    expect(Buffer.isBuffer(read) && read.equals(bytes)).toBe(true);
    const listed = await onB.list(domain, '/httpdocs/site');
    expect(listed.entries).toMatchObject([{ name: 'bin.dat', type: 'file', size: 6 }]);
    expect(await onB.stat(domain, '/httpdocs/site/bin.dat')).toMatchObject({ size: 6 });
    expect(await onB.size(domain, '/httpdocs')).toBe(6);
    expect((await onB.usage(domain)).folders.httpdocs).toBe(6);
    expect(await onB.copy(domain, '/httpdocs/site', '/httpdocs', 'copy')).toBe('/httpdocs/copy');
    const found = await onB.find(domain, '/', 'BIN', { found: 10, visited: 100 });
    expect(found.entries.map((e) => e.path).sort()).toEqual([
      '/httpdocs/copy/bin.dat',
      '/httpdocs/site/bin.dat',
    ]);
    // The panel's own disk holds none of it.
    expect(await readdir(join(dir, 'panel-homes', domain, 'httpdocs'))).toEqual(['here.txt']);
  });

  it('moves to the trash and back, chmods, and renames a name that is not UTF-8', async () => {
    await onB.moveToTrash(domain, '/httpdocs/copy', 't1');
    expect(await onB.inTrash(domain, 't1')).toBe(true);
    expect(await onB.restoreFromTrash(domain, 't1', '/httpdocs', 'back')).toBe('/httpdocs/back');
    await onB.chmod(domain, '/httpdocs/back', 0o700);
    expect((await onB.stat(domain, '/httpdocs/back'))?.mode).toBe(0o700);
    const raw = Buffer.from([0x66, 0xff, 0x2e, 0x74]);
    await writeFile(Buffer.concat([Buffer.from(join(homeB, 'httpdocs/back/')), raw]), 'x');
    const entry = (await onB.list(domain, '/httpdocs/back')).entries.find((e) => e.rawName);
    expect(entry?.rawName).toEqual(new Uint8Array(raw));
    expect(await onB.renameRaw(domain, '/httpdocs/back', raw, 'fixed.t')).toBe(
      '/httpdocs/back/fixed.t',
    );
  });

  it("rebuilds the node's typed refusal as WebspaceFilesError", async () => {
    const missing = await onB.list(domain, '/nope').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(WebspaceFilesError);
    expect(missing).toMatchObject({ reason: 'not_found' });
    const big = await onB.readFile(domain, '/httpdocs/site/bin.dat', 2).catch((e: unknown) => e);
    expect(big).toMatchObject({ reason: 'too_large' });
    const taken = await onB.createFolder(domain, '/httpdocs', 'site').catch((e: unknown) => e);
    expect(taken).toMatchObject({ reason: 'exists' });
  });

  it('carries no more bytes in one call than a NATS message holds', async () => {
    const big = Buffer.alloc(WIRE_BYTES_MAX + 1, 0x61);
    const write = await onB.writeFile(domain, '/httpdocs/big.txt', big).catch((e: unknown) => e);
    expect(write).toMatchObject({ reason: 'too_large' });
    await writeFile(join(homeB, 'httpdocs/big.txt'), big);
    const read = await onB.readFile(domain, '/httpdocs/big.txt', 5e6).catch((e: unknown) => e);
    expect(read).toMatchObject({ reason: 'too_large' });
  });

  it('streams run on this machine: for the local node, and refused for another', async () => {
    const local = await onLocal.openRead(domain, '/httpdocs/here.txt');
    local.stream.destroy();
    expect(local.size).toBe(5);
    await expect(onB.openRead(domain, '/httpdocs/site/bin.dat')).rejects.toBeInstanceOf(
      NodeUnavailableError,
    );
  });
});
