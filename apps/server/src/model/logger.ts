import type { FastifyBaseLogger } from 'fastify';

/** The structured logger (pino, the one Fastify uses): every layer logs through it. */
export type Logger = FastifyBaseLogger;
