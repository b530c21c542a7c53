import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '@haven/contract';
import type { AppContext } from './compose.ts';
import { createBinder } from './http/bind.ts';
import { installErrorHandling } from './http/errors.ts';
import { registerOpenApi } from './http/openapi.ts';
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

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables in style elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await registerOpenApi(app, VERSION);

  const bind = createBinder(app, ctx.auth.guard);
  for (const area of ctx.areas) area.routes(bind);
  for (const area of ctx.areas) await area.http?.(app);

  await registerSpa(app, ctx.config.webDist);
  return app;
}
