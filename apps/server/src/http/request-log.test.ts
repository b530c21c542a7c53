import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './request-log.ts';

/** A Fastify app logging at `info` into an array of parsed lines, as the panel does. */
function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    loggerInstance: pino({ level: 'info' }, sink),
    logController: new OneLinePerRequest(),
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  return { app, lines };
}

describe('request log', () => {
  it('writes one line per request with the method, url, status, response time and request id', async () => {
    const { app, lines } = appWithLog();
    await app.inject({ method: 'GET', url: '/ok?x=1' });
    await app.close();
    const requestLines = lines.filter((l) => l.reqId !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: expect.any(String) as string,
      req: { method: 'GET', url: '/ok?x=1', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number) as number,
    });
  });

  it('keeps the error handler line of a failed request next to its completed line', async () => {
    const { app, lines } = appWithLog();
    await app.inject({ method: 'GET', url: '/boom' });
    await app.close();
    const requestLines = lines.filter((l) => l.reqId !== undefined);
    expect(requestLines.map((l) => l.msg)).toEqual(['boom', 'request completed']);
    expect(requestLines[0]).toMatchObject({ level: 50, err: { message: 'boom' } });
    expect(requestLines[1]).toMatchObject({ res: { statusCode: 500 } });
  });
});
