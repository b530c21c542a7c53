import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { IssueError, type ChallengeAnswers } from './acme.port.ts';

function fetchAnswer(
  address: { host: string; port: number },
  name: string,
  token: string,
): Promise<string | null> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: address.host,
        port: address.port,
        path: `/.well-known/acme-challenge/${token}`,
        headers: { host: name },
        timeout: 10_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body = (body + c).slice(0, 1000)));
        res.on('end', () => resolve(res.statusCode === 200 ? body : null));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

/**
 * HTTP-01 as a CA does it, against the domain's own nginx: a fresh token in Haven's answer
 * folder must come back for every name (so the local CA signs only names this nginx serves).
 * A name is asked again for up to `waitMs`: nginx's reload returns before its new workers serve
 * a subdomain made a moment ago (the old ones answer 444 for a name they do not know).
 */
export async function proveControl(
  names: readonly string[],
  answers: ChallengeAnswers,
  address: { host: string; port: number },
  waitMs = 5000,
): Promise<void> {
  const token = randomBytes(24).toString('base64url');
  const content = `${token}.${randomBytes(24).toString('base64url')}`;
  await answers.put(token, content);
  try {
    const until = Date.now() + waitMs;
    for (const name of names) {
      while ((await fetchAnswer(address, name, token))?.trim() !== content) {
        if (Date.now() >= until)
          throw new IssueError('challenge', `${name}: the HTTP-01 answer was not served`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  } finally {
    await answers.remove(token);
  }
}
