import { get, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@haven/contract';
import { createBinder } from './bind.ts';
import { installErrorHandling } from './errors.ts';
import type { Guard } from '../model/principal.ts';

const file = (path: string) =>
  defineEndpoint({
    method: 'GET',
    path,
    access: 'public',
    tag: 'test',
    summary: path,
    response: z.unknown(),
    responseKind: 'file',
    errors: [],
  });

const noGuard: Guard = {
  authenticate: () => Promise.reject(new Error('not used')),
  resolveDomain: () => Promise.reject(new Error('not used')),
};

/** The body as received, and whether the transfer ended properly or broke off. */
function fetchRaw(url: string): Promise<{ status: number; body: string; complete: boolean }> {
  return new Promise((resolve, reject) => {
    get(url, (res: IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body, complete: res.complete }));
      res.once('error', () => resolve({ status: res.statusCode ?? 0, body, complete: false }));
      res.once('aborted', () => resolve({ status: res.statusCode ?? 0, body, complete: false }));
    }).once('error', reject);
  });
}

describe('file answers', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandling(app);
    const bind = createBinder(app, noGuard);
    bind(file('/api/test/whole'), async () => ({
      stream: Readable.from(['part one, ', 'part two']),
      filename: 'whole.sql',
      contentType: 'text/plain',
    }));
    bind(file('/api/test/broken'), async () => ({
      stream: Readable.from(
        (async function* () {
          yield 'the first half, ';
          await new Promise((resolve) => setTimeout(resolve, 50));
          throw new Error('the producer died');
        })(),
      ),
      filename: 'broken.sql',
      contentType: 'text/plain',
    }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => app.close());

  it('streams the whole file with the download headers', async () => {
    const res = await fetchRaw(`${base}/api/test/whole`);
    expect(res).toEqual({ status: 200, body: 'part one, part two', complete: true });
  });

  it('breaks the connection when the stream fails halfway: never a truncated file that looks complete', async () => {
    const res = await fetchRaw(`${base}/api/test/broken`);
    expect(res.status).toBe(200);
    expect(res.body).toBe('the first half, ');
    expect(res.complete).toBe(false);
  });
});
