import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingBinaries, skipWhenMissing } from './missing-tools.ts';
import { createTestHost, removeStale, type TestHost } from './netns.ts';

const isRoot = process.getuid?.() === 0;
const skip = skipWhenMissing('netns test', [
  !isRoot && 'root',
  ...(await missingBinaries(['ip', 'curl'])),
]);

describe.skipIf(skip)('test hosts in network namespaces', () => {
  const hosts: TestHost[] = [];

  beforeAll(async () => {
    await removeStale();
    hosts.push(await createTestHost(), await createTestHost());
  });
  afterAll(async () => {
    for (const host of hosts) await host.remove();
  });

  it('a host reaches a service on this machine at its host-side address', async () => {
    const [a] = hosts as [TestHost];
    const server = createServer((_req, res) => res.end('from the panel side'));
    await new Promise<void>((resolve) => server.listen(0, a.hostAddress, resolve));
    const { port } = server.address() as AddressInfo;
    const r = await a.exec(['curl', '-s', '--max-time', '5', `http://${a.hostAddress}:${port}/`]);
    server.close();
    expect(r.stdout).toBe('from the panel side');
  });

  it('this machine reaches a service inside a host; another host has its own network', async () => {
    const [a, b] = hosts as [TestHost, TestHost];
    const script =
      "require('http').createServer((q,s)=>{s.end('node a');setTimeout(()=>process.exit(0),50)})" +
      `.listen(8080,'${a.address}',()=>console.log('up'))`;
    const serving = a.exec([process.execPath, '-e', script], { timeoutMs: 15_000 });
    let body = '';
    for (let i = 0; i < 100 && body === ''; i++) {
      body = await fetch(`http://${a.address}:8080/`).then(
        (res) => res.text(),
        () => new Promise<string>((resolve) => setTimeout(() => resolve(''), 50)),
      );
    }
    await serving;
    expect(body).toBe('node a');
    const fromB = await b.exec(['curl', '-s', '--max-time', '1', `http://${a.address}:8080/`]);
    expect(fromB.code).not.toBe(0);
    expect(a.name).not.toBe(b.name);
  });
});
