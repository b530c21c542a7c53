import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learn } from './rspamd-client.ts';

/** A controller that answers each learn with the status the test sets. */
describe('rspamd learn outcomes', () => {
  let server: Server;
  let url = '';
  let answer = { status: 200, body: '{"success":true}' };
  /** Answers given once each, before `answer`. */
  const first: (typeof answer)[] = [];
  const paths: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      paths.push(req.url ?? '');
      req.resume();
      const { status, body } = first.shift() ?? answer;
      req.on('end', () => res.writeHead(status).end(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('maps learned, already known, too few words and a failure', async () => {
    expect(await learn(url, 'spam', 'x')).toBe('learned');
    answer = { status: 208, body: '{"error":"already learned"}' };
    expect(await learn(url, 'ham', 'x')).toBe('known');
    answer = { status: 204, body: '' };
    expect(await learn(url, 'spam', 'x')).toBe('skipped');
    answer = { status: 500, body: 'boom' };
    await expect(learn(url, 'spam', 'x')).rejects.toThrow(/HTTP 500/);
    expect(paths).toEqual(['/learnspam', '/learnham', '/learnspam', '/learnspam']);
  });

  it('tries again while the statistics are locked (a reload), and only then', async () => {
    const locked = {
      status: 500,
      body: '{"error":"cannot commit checkpoint: database is locked"}',
    };
    const fast = { minTimeout: 1 };
    paths.length = 0;
    first.push(locked, locked);
    answer = { status: 200, body: '{"success":true}' };
    expect(await learn(url, 'spam', 'x', fast)).toBe('learned');
    expect(paths).toHaveLength(3);
    answer = locked;
    await expect(learn(url, 'ham', 'x', fast)).rejects.toThrow(/database is locked/);
    expect(paths).toHaveLength(3 + 6);
    answer = { status: 500, body: 'boom' };
    await expect(learn(url, 'ham', 'x', fast)).rejects.toThrow(/HTTP 500 boom/);
    expect(paths).toHaveLength(3 + 6 + 1);
  });
});
