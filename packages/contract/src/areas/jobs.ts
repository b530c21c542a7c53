import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { domainParams } from './account.ts';

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** A background job as the web sees it (zip, web app install, certificate, statistics). */
export const job = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.enum(JOB_STATES),
  /** 0..100 */
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  result: z.unknown().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Job = z.infer<typeof job>;

export const getJob = defineEndpoint({
  method: 'GET',
  path: '/api/{domain}/job/{id}',
  access: 'domain',
  tag: 'jobs',
  summary: 'State and progress of a background job of this domain',
  params: domainParams.extend({ id: z.string().uuid() }),
  response: job,
  errors: [],
});
