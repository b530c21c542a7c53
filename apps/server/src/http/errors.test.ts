import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { jobs, toColonPath } from '@haven/contract';
import { AppError } from '../lib/app-error.ts';
import { installErrorHandling, undeclaredCode } from './errors.ts';

// GET /api/{domain}/job/{id} declares no codes of its own: only the common ones.
const url = toColonPath(jobs.getJob.path);

async function answer(code: string, checkDeclaredCodes: boolean) {
  const app = Fastify({ logger: false });
  installErrorHandling(app, { checkDeclaredCodes });
  app.get(url, async () => {
    throw new AppError<string>(code, 'conflict');
  });
  const res = await app.inject({ method: 'GET', url: '/api/a.nl/job/1' });
  await app.close();
  return { status: res.statusCode, body: res.json() as unknown };
}

describe('declared error codes', () => {
  it('knows which codes a contract route declares', () => {
    expect(undeclaredCode('GET', url, 'not_found')).toBeUndefined();
    expect(undeclaredCode('GET', url, 'cname_conflict')).toBe('cname_conflict');
    expect(undeclaredCode('GET', '/not/a/contract/route', 'anything')).toBeUndefined();
  });

  it('answers 500 naming the code when a handler throws one its endpoint does not declare (dev and tests)', async () => {
    expect(await answer('cname_conflict', true)).toEqual({
      status: 500,
      body: { custom_message: 'internal', fields: { undeclared: 'cname_conflict' } },
    });
    expect(await answer('not_found', true)).toEqual({
      status: 409,
      body: { custom_message: 'not_found' },
    });
  });

  it('sends the code as thrown when the check is off (production)', async () => {
    expect(await answer('cname_conflict', false)).toEqual({
      status: 409,
      body: { custom_message: 'cname_conflict' },
    });
  });
});
