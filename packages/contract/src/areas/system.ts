import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const health = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  tag: 'system',
  summary: 'Liveness and database reachability',
  response: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.boolean(),
    version: z.string(),
  }),
  errors: [],
});
