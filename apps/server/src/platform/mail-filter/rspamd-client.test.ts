import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learn } from './rspamd-client.ts';

/** A controller that answers each learn with the status the test sets. */
describe('rspamd learn outcomes', () => {
  let server: Server;
  let url = '';
  let answer = { status: 200, body: '{"success":true}' };
  const paths: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      paths.push(req.url ?? '');
      req.resume();
      req.on('end', () => res.writeHead(answer.status).end(answer.body));
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
});
