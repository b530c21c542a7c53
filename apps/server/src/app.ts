import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '@haven/contract';
import type { AppContext } from './compose.ts';
import { createBinder } from './http/bind.ts';
import { registerCompression } from './http/compression.ts';
import { installErrorHandling } from './http/errors.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRateLimits, type RateLimits } from './http/rate-limits.ts';
import { OneLinePerRequest } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';
import { nodeRoutes } from './nodes/nodes.routes.ts';

import { proxyTrust } from './lib/trusted-proxies.ts';
import { VERSION } from './version.ts';

export { VERSION };

export interface AppOptions {
  /** Other request rate limits than LIMITS.rateLimits (tests). */
  rateLimits?: RateLimits;
  /** Another limit on expensive calls under way per customer than LIMITS.fairUse (tests). */
  expensivePerCustomer?: number;
}

export async function buildApp(
  ctx: AppContext,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // The core's logger: request logs (with reqId) and background work share one pino instance.
    loggerInstance: ctx.logger,
    logController: new OneLinePerRequest(),
    bodyLimit: LIMITS.jsonBodyBytes,
    trustProxy: proxyTrust(ctx.config.trustProxy, ctx.config.proxySocket !== undefined),
    routerOptions: { maxParamLength: 1000 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The local profile is development and tests: undeclared error codes fail loudly there.
  installErrorHandling(app, { checkDeclaredCodes: ctx.config.profile === 'local' });

  registerSecurityHeaders(app);
  await registerCompression(app);
  await registerRateLimits(app);
  await registerOpenApi(app, VERSION);

  const bind = createBinder(app, ctx.auth.guard, options.rateLimits, {
    perCustomer: options.expensivePerCustomer ?? LIMITS.fairUse.expensivePerCustomer,
    ownerOf: async (name) => (await ctx.customers.domainByName(name))?.customer_id,
  });
  for (const area of ctx.areas) area.routes(bind);
  nodeRoutes(bind, ctx); // hosting nodes' enrolment (docs/nodes.md)
  for (const area of ctx.areas) await area.http?.(app);

  await registerSpa(app, ctx.config.webDist);
  return app;
}
