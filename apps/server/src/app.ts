import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '@haven/contract';
import type { AppContext } from './compose.ts';
import { createBinder } from './http/bind.ts';
import { registerCompression } from './http/compression.ts';
import { installErrorHandling } from './http/errors.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';

import { VERSION } from './version.ts';

export { VERSION };

export interface AppOptions {
  logger?: boolean | { level: string };
}

export async function buildApp(ctx: AppContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === undefined
        ? { level: ctx.config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] }
        : options.logger,
    bodyLimit: LIMITS.jsonBodyBytes,
    trustProxy: ctx.config.trustProxy,
    routerOptions: { maxParamLength: 1000 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  registerSecurityHeaders(app);
  await registerCompression(app);
  await registerOpenApi(app, VERSION);

  const bind = createBinder(app, ctx.auth.guard);
  for (const area of ctx.areas) area.routes(bind);
  for (const area of ctx.areas) await area.http?.(app);

  await registerSpa(app, ctx.config.webDist);
  return app;
}
