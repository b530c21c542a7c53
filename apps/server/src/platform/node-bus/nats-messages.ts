import { z } from 'zod';
import type { HeldRevisions, Heartbeat, Operation, OperationResult } from './node-bus.port.ts';

/**
 * What travels on NATS, checked where it arrives: a node runs customer code, so the panel
 * takes nothing from it on trust, and the node's name always comes from the subject (which its
 * permissions vouch for), never from the body.
 */
const operation = z.object({
  id: z.string().min(1),
  node: z.string(),
  object: z.string().min(1),
  revision: z.number().int(),
  call: z.string().min(1),
  args: z.array(z.unknown()),
});

const result = z.object({
  id: z.string().min(1),
  object: z.string().min(1),
  revision: z.number().int(),
  error: z.object({ reason: z.string(), message: z.string() }).nullable(),
  value: z.unknown().optional(),
  at: z.number(),
});

const heartbeat = z.object({
  roles: z.array(z.string()),
  version: z.string(),
  at: z.number(),
});

const held = z.object({ objects: z.record(z.string(), z.number().int()) });

export const parseOperation = (body: unknown): Operation => operation.parse(body);

export const parseResult = (node: string, body: unknown): OperationResult => ({
  ...result.parse(body),
  node,
});

export const parseHeartbeat = (node: string, body: unknown): Heartbeat => ({
  ...heartbeat.parse(body),
  node,
});

export const parseHeld = (node: string, body: unknown): HeldRevisions => ({
  ...held.parse(body),
  node,
});

/** The answer to a read or a hello: the value, or the handler's failure. */
export type Answer =
  { ok: true; value?: unknown } | { ok: false; error: { reason: string; message: string } };

const answer = z.union([
  z.object({ ok: z.literal(true), value: z.unknown().optional() }),
  z.object({ ok: z.literal(false), error: z.object({ reason: z.string(), message: z.string() }) }),
]);

export const parseAnswer = (body: unknown): Answer => answer.parse(body);
