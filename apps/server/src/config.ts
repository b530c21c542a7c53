import { resolve } from 'node:path';
import { z } from 'zod';
import { AREA_SETTINGS, type AreaSettings } from './areas/settings.ts';
import type { CoreConfig } from './model/core-config.ts';
import { flag, PROFILES, type Profile } from './lib/settings.ts';
import { trustedProxies } from './lib/trusted-proxies.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** One or more NATS servers, comma-separated: `nats://host:4222` or `tls://host:4222`. */
const natsUrls = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((u) => u.trim())
      .filter((u) => u.length > 0),
  )
  .refine(
    (urls) => urls.length > 0 && urls.every((u) => /^(nats|tls):\/\/[^\s/]+$/.test(u)),
    'must be nats://host:port or tls://host:port, comma-separated',
  );

const isLocalUrl = (url: string) => {
  const host = new URL(url).hostname;
  return LOCAL_HOSTS.has(host) || host.endsWith('.localhost');
};

/**
 * The core's settings (docs/operations.md, "Core"); each area declares its own in
 * `areas/<area>/<area>.settings.ts`. The debian profile is a real server: customers follow its
 * `PUBLIC_URL`, and every instance must share one `HAVEN_SECRET`, so both are required there.
 */
const coreSettings = (profile: Profile) => {
  const secret = z.string().min(32, 'must be at least 32 characters');
  return z
    .object({
      PORT: z.coerce.number().int().min(0).max(65535).default(8080),
      HOST: z.string().min(1).default('127.0.0.1'),
      HAVEN_DATA_DIR: z.string().min(1).default('./data'),
      DATABASE_URL: z
        .string()
        .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
        .optional(),
      HAVEN_PROFILE: z.enum(PROFILES).default('local'),
      HAVEN_SECRET: profile === 'debian' ? secret : secret.optional(),
      PUBLIC_URL:
        profile === 'debian'
          ? z
              .url()
              .refine((url) => !isLocalUrl(url), 'must be the address customers use, not localhost')
          : z.url().optional(),
      SMTP_URL: z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
      MAIL_FROM: z.string().min(3).default('Haven <noreply@localhost>'),
      LOG_LEVEL: z
        .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
        .default('info'),
      TRUST_PROXY: trustedProxies,
      PROXY_SOCKET: z.string().startsWith('/', 'must be an absolute path').optional(),
      PROXY_SOCKET_GROUP: z
        .string()
        .regex(/^[a-z_][a-z0-9_-]{0,31}$/, 'must be a group name')
        .optional(),
      HAVEN_SEED_DEMO: flag.optional(),
      WEB_DIST: z.string().optional(),
      HAVEN_APPLY_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
      NATS_URL: natsUrls.optional(),
      NATS_NODE_URL: natsUrls.optional(),
      NATS_USER: z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]{0,70}$/, 'must be a NATS user name')
        .default('panel'),
      NATS_PASSWORD: z.string().min(16, 'must be at least 16 characters').optional(),
      NATS_CA_FILE: z.string().startsWith('/', 'must be an absolute path').optional(),
      NATS_AUTH_FILE: z.string().startsWith('/', 'must be an absolute path').optional(),
      NATS_PID_FILE: z.string().startsWith('/', 'must be an absolute path').optional(),
      NATS_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
      NATS_LOCAL_AGENT: flag.default(true),
    })
    .refine((e) => !e.NATS_URL || e.NATS_PASSWORD, {
      path: ['NATS_PASSWORD'],
      message: "needs to be set with NATS_URL (the panel's NATS login)",
    })
    .refine((e) => !e.NATS_AUTH_FILE === !e.NATS_PID_FILE, {
      path: ['NATS_PID_FILE'],
      message:
        'NATS_AUTH_FILE and NATS_PID_FILE go together (the file the panel writes, the server it reloads)',
    })
    .refine((e) => !e.PROXY_SOCKET_GROUP || e.PROXY_SOCKET, {
      path: ['PROXY_SOCKET_GROUP'],
      message: 'needs PROXY_SOCKET (the socket it is the group of)',
    });
};

/** The core's settings and each area's (areas/settings.ts), as loadConfig reads them. */
export interface Config extends CoreConfig, AreaSettings {}

export class ConfigError extends Error {}

/** Every environment variable Haven reads: the core's and each area's (docs/operations.md lists them). */
export function settingNames(): string[] {
  const objects = [
    coreSettings('local'),
    ...Object.values(AREA_SETTINGS).map((area) => area('local').in),
  ];
  return objects.flatMap((object) => Object.keys(object.shape));
}

function parse<T extends z.ZodType>(
  schema: T,
  env: NodeJS.ProcessEnv,
  profile: Profile,
  problems: string[],
): z.output<T> | undefined {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    // A variable that is not set at all: say so rather than zod's "expected string, received undefined".
    const missing = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
    problems.push(
      `  ${issue.path.join('.')}: ${missing ? `required in the ${profile} profile` : issue.message}`,
    );
  }
  return undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const profile =
    parse(z.object({ HAVEN_PROFILE: z.enum(PROFILES).default('local') }), env, 'local', problems)
      ?.HAVEN_PROFILE ?? 'local';
  const e = parse(coreSettings(profile), env, profile, problems);
  const areas = Object.fromEntries(
    Object.entries(AREA_SETTINGS).map(([name, settings]) => [
      name,
      parse(settings(profile), env, profile, problems),
    ]),
  ) as AreaSettings;
  if (!e || problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${[...new Set(problems)].join('\n')}`);
  const dataDir = resolve(e.HAVEN_DATA_DIR);
  return {
    ...areas,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${resolve(dataDir, 'haven.sqlite')}`,
    profile,
    secret: e.HAVEN_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    proxySocket: e.PROXY_SOCKET
      ? { path: resolve(e.PROXY_SOCKET), group: e.PROXY_SOCKET_GROUP }
      : undefined,
    seedDemo: e.HAVEN_SEED_DEMO ?? profile === 'local',
    applyWaitMs: e.HAVEN_APPLY_WAIT_MS,
    nats: e.NATS_URL
      ? {
          servers: e.NATS_URL,
          nodeServers: e.NATS_NODE_URL ?? e.NATS_URL,
          user: e.NATS_USER,
          password: e.NATS_PASSWORD ?? '',
          caFile: e.NATS_CA_FILE,
          authFile: e.NATS_AUTH_FILE,
          pidFile: e.NATS_PID_FILE,
          replicas: e.NATS_REPLICAS,
          localAgent: e.NATS_LOCAL_AGENT,
        }
      : null,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
