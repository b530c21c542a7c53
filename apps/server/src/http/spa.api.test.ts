import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { IMMUTABLE } from './spa.ts';

// What every API answer keeps when compressed (the whole set is tested in security-headers.api.test.ts).
const API_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

const ASSET = '/assets/index-Ab12Cd34.js';
const SCRIPT = `export const greeting = ${JSON.stringify('hallo '.repeat(500))};\n`;
const SHELL = `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;

/** A dist as the build leaves it: each compressible file with its .br and .gz beside it. */
async function fakeDist(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'haven-spa-'));
  await mkdir(join(dist, 'assets'));
  for (const [file, text] of [
    [ASSET, SCRIPT],
    ['/index.html', SHELL],
  ] as const) {
    await writeFile(join(dist, file), text);
    await writeFile(join(dist, `${file}.br`), brotliCompressSync(text));
    await writeFile(join(dist, `${file}.gz`), gzipSync(text));
  }
  return dist;
}

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await fakeDist();
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('hashed assets are immutable for a year and go out as brotli or gzip, as the client accepts', async () => {
    const br = await t.call({
      method: 'GET',
      url: ASSET,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.call({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.call({ method: 'GET', url: ASSET });
    // The short set for hashed scripts and styles: no document policy on every chunk.
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(plain.headers['content-security-policy']).toBeUndefined();
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const missing = await t.call({ method: 'GET', url: '/assets/gone-Zz99Yy88.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/text\/plain/);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(SCRIPT);
  });

  it('the shell is compressed and revalidated, at / and at any client route', async () => {
    for (const url of ['/', '/dashboard', '/index.html']) {
      const res = await t.call({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(SHELL);
    }
    const etag = (
      await t.call({ method: 'GET', url: '/index.html', headers: { 'accept-encoding': 'br' } })
    ).headers.etag;
    const again = await t.call({
      method: 'GET',
      url: '/index.html',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('large JSON answers are compressed and keep the API headers; small ones go out as they are', async () => {
    const c = await t.customer();
    const token = await t.login(c);
    const zone = await t.call({
      method: 'GET',
      url: `/api/${c.domain}/webhosting/dns`,
      token,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zone.statusCode).toBe(200);
    expect(zone.headers['content-encoding']).toBe('br');
    expect(zone.headers.vary).toMatch(/accept-encoding/i);
    expect(zone.headers).toMatchObject(API_HEADERS);
    const records = brotliDecompressSync(zone.rawPayload);
    expect(records.length).toBeGreaterThan(zone.rawPayload.length);
    expect(JSON.parse(records.toString())).toEqual(
      JSON.parse(
        (await t.call({ method: 'GET', url: `/api/${c.domain}/webhosting/dns`, token })).body,
      ),
    );

    const health = await t.call({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.headers).toMatchObject(API_HEADERS);
  });
});
