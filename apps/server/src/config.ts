import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Every setting Haven reads from the environment (documented in the README). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  HAVEN_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
    .optional(),
  HAVEN_PROFILE: z.enum(['local', 'debian']).default('local'),
  HAVEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Haven <noreply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  HAVEN_SEED_DEMO: bool.optional(),
  WEB_DIST: z.string().optional(),
  /** The shop's payments: Mollie when set; else the built-in test checkout (local profile only). */
  MOLLIE_API_KEY: z.string().regex(/^(test|live)_\w{20,}$/, 'must be a Mollie API key (test_... or live_...)').optional(),
  /** Only to reach Mollie through a proxy (or a stand-in in tests). */
  MOLLIE_API_ENDPOINT: z.url().optional(),
  /** The site builder to open: an address with {domain} and {token} placeholders. */
  SITEBUILDER_URL: z.url().optional(),
  /** Signs the site builder sign-on token (HS256); shared with the site builder. */
  SITEBUILDER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The MariaDB/MySQL provisioning account for customer databases. */
  MARIADB_URL: z.string().regex(/^(mysql|mariadb):\/\//, 'must start with mysql:// or mariadb://').default('mysql://root@127.0.0.1:3306'),
  /** File manager: largest upload, and unzip limits against zip bombs (SI megabytes). */
  HAVEN_UPLOAD_MAX_MB: z.coerce.number().positive().default(512),
  HAVEN_UNZIP_MAX_MB: z.coerce.number().positive().default(2000),
  HAVEN_UNZIP_MAX_ENTRIES: z.coerce.number().int().positive().default(20_000),
  // DNS (docs/operations-dns.md): the PowerDNS API, and the provider's default zone.
  PDNS_API_URL: z.url().optional(),
  PDNS_API_KEY: z.string().min(1).optional(),
  HOSTING_IPV4: z.string().optional(),
  HOSTING_IPV6: z.string().optional(),
  PROVIDER_DOMAIN: z.string().optional(),
  MAIL_HOST: z.string().optional(),
  DNS_NAMESERVERS: z.string().optional(),
  DNS_HOSTMASTER: z.string().optional(),
  SPAMFILTER_MX: z.string().optional(),
  DNS_SPF: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  profile: 'local' | 'debian';
  secret: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  trustProxy: boolean;
  /** Seed the demo customer on first start (default: on in the local profile). */
  seedDemo: boolean;
  webDist: string;
  /** Shop payments and the site builder (areas/shop, areas/sitebuilder). */
  mollieApiKey: string | undefined;
  mollieApiEndpoint: string | undefined;
  sitebuilderUrl: string | undefined;
  sitebuilderSecret: string | undefined;
  /** Customer databases: the provisioning account (`MARIADB_URL`). */
  mariadbUrl: string;
  /** File manager limits in bytes and entries. */
  files: { uploadMaxBytes: number; unzipMaxBytes: number; unzipMaxEntries: number };
  /** DNS settings as given; the DNS area checks them and fills defaults (areas/dns/dns-settings.ts). */
  dns: DnsEnv;
}

export interface DnsEnv {
  pdnsApiUrl?: string | undefined;
  pdnsApiKey?: string | undefined;
  hostingIpv4?: string | undefined;
  hostingIpv6?: string | undefined;
  providerDomain?: string | undefined;
  mailHost?: string | undefined;
  nameservers?: string | undefined;
  hostmaster?: string | undefined;
  spamfilterMx?: string | undefined;
  spf?: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.HAVEN_DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${resolve(dataDir, 'haven.sqlite')}`,
    profile: e.HAVEN_PROFILE,
    secret: e.HAVEN_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.HAVEN_SEED_DEMO ?? e.HAVEN_PROFILE === 'local',
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    mollieApiKey: e.MOLLIE_API_KEY,
    mollieApiEndpoint: e.MOLLIE_API_ENDPOINT,
    sitebuilderUrl: e.SITEBUILDER_URL,
    sitebuilderSecret: e.SITEBUILDER_SECRET,
    mariadbUrl: e.MARIADB_URL,
    files: {
      uploadMaxBytes: Math.round(e.HAVEN_UPLOAD_MAX_MB * 1_000_000),
      unzipMaxBytes: Math.round(e.HAVEN_UNZIP_MAX_MB * 1_000_000),
      unzipMaxEntries: e.HAVEN_UNZIP_MAX_ENTRIES,
    },
    dns: {
      pdnsApiUrl: e.PDNS_API_URL,
      pdnsApiKey: e.PDNS_API_KEY,
      hostingIpv4: e.HOSTING_IPV4,
      hostingIpv6: e.HOSTING_IPV6,
      providerDomain: e.PROVIDER_DOMAIN,
      mailHost: e.MAIL_HOST,
      nameservers: e.DNS_NAMESERVERS,
      hostmaster: e.DNS_HOSTMASTER,
      spamfilterMx: e.SPAMFILTER_MX,
      spf: e.DNS_SPF,
    },
  };
}
