import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

/** V8's full collection, taken from a fresh context so no global `gc` appears in the tests'. */
function fullGc(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  return gc;
}

/** The live heap after full collections (a few, so what one frees that another holds goes too). */
function liveHeap(gc: () => void): number {
  for (let i = 0; i < 3; i++) gc();
  return getHeapStatistics().used_heap_size;
}

const MB = 1024 * 1024;

/**
 * What matters for the panel's memory is that a long mixed run does not make it grow, not its
 * level: the same work done twice more after a warm-up leaves the live heap where the first left it.
 */
describe('memory over a long mixed run', () => {
  let t: TestApp;
  let token: string;
  let domain: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { HAVEN_UPLOAD_MAX_MB: '10' } });
    const c = await t.customer();
    domain = c.domain;
    token = await t.login(c);
  });
  afterAll(async () => t?.close());

  /** One screen's worth of reads on every route of the dashboard and the hosting screens. */
  const reads = () => [
    '/api/user',
    '/api/domain',
    `/api/${domain}/notification`,
    `/api/${domain}/webhosting/subdomain`,
    `/api/${domain}/webhosting/dns`,
    `/api/${domain}/webhosting/database`,
    `/api/${domain}/webhosting/webuser`,
    `/api/${domain}/webhosting/filemanager/list?path=%2Fhttpdocs`,
  ];

  const fm = () => `/api/${domain}/webhosting/filemanager`;
  const boundary = 'haven-memory';
  const upload = (name: string, bytes: number) =>
    t.call({
      method: 'POST',
      url: `${fm()}/upload`,
      query: { path: '/httpdocs' },
      token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        Buffer.alloc(bytes, 7),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });

  /** 25 screens of reads (200 requests), a file made, read and deleted, and a 4 MB upload. */
  async function mixedRun(round: number): Promise<void> {
    for (let screen = 0; screen < 25; screen++) {
      for (const url of reads()) {
        const res = await t.call({ method: 'GET', url, token });
        expect(res.statusCode, url).toBe(200);
      }
    }
    const path = `/httpdocs/note-${round}.txt`;
    const saved = await t.call({
      method: 'POST',
      url: `${fm()}/file`,
      token,
      payload: { path: '/httpdocs', name: `note-${round}.txt` },
    });
    expect(saved.statusCode).toBe(200);
    const read = await t.call({ method: 'GET', url: `${fm()}/content`, query: { path }, token });
    expect(read.statusCode).toBe(200);
    const up = await upload(`big-${round}.bin`, 4 * MB);
    expect(up.statusCode).toBe(200);
    const removed = await t.call({
      method: 'POST',
      url: `${fm()}/delete`,
      token,
      payload: { paths: [path, `/httpdocs/big-${round}.bin`] },
    });
    expect(removed.statusCode).toBe(200);
  }

  it('keeps the live heap flat between two halves of the run', async () => {
    const gc = fullGc();
    // Warm-up: compiled code, the schemas' caches, the database's statement cache.
    for (let round = 0; round < 2; round++) await mixedRun(round);
    const start = liveHeap(gc);
    for (let round = 2; round < 4; round++) await mixedRun(round);
    const half = liveHeap(gc);
    for (let round = 4; round < 6; round++) await mixedRun(round);
    const end = liveHeap(gc);
    // Each half is ~410 requests and 8 MB uploaded; the second grew 0.1-0.2 MB, and a leak of
    // 2 kB a request (a kept request object is more) would add 0.8 MB.
    const mb = (bytes: number) => (bytes / MB).toFixed(2);
    const heaps = `live heap ${mb(start)} -> ${mb(half)} -> ${mb(end)} MB`;
    expect((end - half) / MB, heaps).toBeLessThan(0.5);
    expect((end - start) / MB, heaps).toBeLessThan(1.5);
  }, 60_000);
});
