import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** A node's login on the panel's NATS, as `haven agent --enrol` saves it (docs/nodes.md). */
export const natsCredentials = z.object({
  /** What the node connects to: `nats://host:4222` or `tls://host:4222`, one per server. */
  servers: z.array(z.string()),
  user: z.string(),
  password: z.string(),
  /** The CA of the servers' TLS certificates (PEM) when the panel has a private one. */
  ca: z.string().nullable(),
});
export type NatsCredentials = z.infer<typeof natsCredentials>;

/**
 * `haven agent --enrol TOKEN --panel URL`: a hosting node trades its one-time token (`haven
 * node:add`) for its own NATS login. The token is the authorization; a used, unknown or expired
 * one answers `unauthorized`, a panel that does not run nodes over NATS `unavailable`.
 */
export const enrol = defineEndpoint({
  method: 'POST',
  path: '/api/nodes/enrol',
  access: 'public',
  tag: 'nodes',
  summary: 'A hosting node trades its one-time enrolment token for its NATS credentials',
  body: z.object({ token: z.string().min(16).max(200) }),
  response: z.object({
    node: z.string(),
    roles: z.array(z.string()),
    nats: natsCredentials,
  }),
  errors: [],
});
