import { createServer } from 'node:net';

/**
 * A port the OS just handed out as free (listen on port 0, read it, close). For a process that
 * must be told its port before it starts (nginx, pure-ftpd, mariadbd, an app whose PUBLIC_URL
 * names it); anything Node listens on itself takes port 0 directly.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
