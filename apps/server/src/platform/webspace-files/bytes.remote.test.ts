import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port.ts';
import { NodeUnavailableError } from '../node-bus/node-bus.port.ts';
import { createDirectoryWebspace } from '../webspace/webspace.local.ts';
import { createLocalWebspaceFiles } from './webspace-files.local.ts';
import { WebspaceFilesError } from './webspace-files.port.ts';
import { bytesHandler, bytesKey, readFromNode, signGrant } from './bytes.remote.ts';

describe('bytes.remote: a file streamed from a node on a short-lived signed token', () => {
  const domain = 'bytes.example';
  const secret = new Uint8Array(32).fill(9);
  const key = bytesKey(secret, 'b');
  let dir: string;
  let server: http.Server;
  let base: URL;
  let now = Date.now();
  const SIZE = 32 * 1024 * 1024;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-bytes-'));
    const webspace = createDirectoryWebspace(join(dir, 'homes'));
    const home = await webspace.ensureHome(domain);
    await writeFile(join(home, 'httpdocs/big.bin'), Buffer.alloc(SIZE, 7));
    const files = createLocalWebspaceFiles(webspace);
    const handle = bytesHandler({ files, key, node: 'b', now: () => now });
    server = http.createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('streams a file of the domain with its size and name, chunk by chunk', async () => {
    const file = await readFromNode(
      { node: 'b', base, key },
      { domain, path: '/httpdocs/big.bin' },
      now,
    );
    expect(file).toMatchObject({ size: SIZE, name: 'big.bin' });
    let bytes = 0;
    let largest = 0;
    for await (const chunk of file.stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      largest = Math.max(largest, chunk.length);
    }
    expect(bytes).toBe(SIZE);
    expect(largest).toBeLessThan(1024 * 1024);
  });

  it("answers the node's refusal as the port's typed error", async () => {
    const missing = await readFromNode(
      { node: 'b', base, key },
      { domain, path: '/nope' },
      now,
    ).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(WebspaceFilesError);
    expect(missing).toMatchObject({ reason: 'not_found' });
  });

  it('refuses a token of another node, another key, or one that expired', async () => {
    const get = async (token: string) => (await fetch(new URL(`files?t=${token}`, base))).status;
    const grant = { domain, path: '/httpdocs/big.bin' };
    expect(await get(await signGrant(bytesKey(secret, 'c'), 'c', grant, now))).toBe(403);
    expect(await get(await signGrant(bytesKey(new Uint8Array(32), 'b'), 'b', grant, now))).toBe(
      403,
    );
    const token = await signGrant(key, 'b', grant, now);
    now += 60_000;
    expect(await get(token)).toBe(403);
  });

  it('is node_unavailable when nothing answers', async () => {
    const gone = new URL(`http://127.0.0.1:${await freePort()}/`);
    await expect(
      readFromNode({ node: 'b', base: gone, key }, { domain, path: '/x' }, now),
    ).rejects.toBeInstanceOf(NodeUnavailableError);
  });
});
