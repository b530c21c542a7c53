import { z } from 'zod';
import { ConfigError } from '../config.ts';
import { MILTER } from '../platform/mail-server/postfix-conf.ts';
import { AREA_SETTINGS } from '../areas/settings.ts';

/**
 * The local hosting node's settings (docs/operations.md, "The local hosting node"). Read here,
 * not in config.ts, so the supervisor stays one folder the lead can wire into any config shape.
 */
export interface ServiceSettings {
  /** Whether `npm start` runs the services (HAVEN_SERVICES; on by default in the local profile, off under vitest). */
  enabled: boolean;
  /** nginx `listen` values and the web account, by the webhosting area's own rule, and the first listen's port. */
  web: { listen: string[]; port: number; user: string; tlsListen: string[] };
  ftp: { port: number; passive: [number, number] };
  dns: { port: number; apiPort: number };
  /** Postfix SMTP, Dovecot IMAP and LMTP (Postfix to Dovecot), and an optional milter (rspamd). */
  mail: { smtpPort: number; imapPort: number; lmtpPort: number; milter: string; listPort: number };
  /** rspamd (DKIM signing, per-mailbox spam settings): its profile or off, first of three ports, Redis. */
  filter: { profile: 'lean' | 'full' | 'off'; port: number; redis: string | null };
  /** Roundcube's server block in the node's nginx (127.0.0.1:port), when Roundcube is installed. */
  webmail: { port: number };
  /** How long a service gets after SIGTERM before SIGKILL. */
  stopTimeoutMs: number;
}

const port = z.coerce.number().int().min(1024).max(65535);
const range = z
  .string()
  .regex(/^[0-9]{4,5}[:-][0-9]{4,5}$/, 'must be LOW-HIGH, such as 30000-30049')
  .transform((v) => v.split(/[:-]/).map(Number) as [number, number])
  .refine(
    ([lo, hi]) => lo >= 1024 && hi <= 65535 && lo <= hi,
    'must be a range of ports from 1024 to 65535',
  );

const schema = z.object({
  HAVEN_SERVICES: z.enum(['on', 'off', '1', '0', 'true', 'false']).optional(),
  HAVEN_FTP_PORT: port.default(2121),
  HAVEN_FTP_PASSIVE_PORTS: range.default([30000, 30049]),
  HAVEN_DNS_PORT: port.default(8053),
  HAVEN_PDNS_API_PORT: port.default(8054),
  HAVEN_SMTP_PORT: port.default(2525),
  HAVEN_IMAP_PORT: port.default(1143),
  HAVEN_LMTP_PORT: port.default(2424),
  /** Haven's mailing list expander (LMTP, in the Haven process; docs/mail-lists.md). */
  HAVEN_LIST_PORT: port.default(2426),
  HAVEN_MAIL_MILTER: z
    .string()
    .regex(MILTER, 'must be inet:127.0.0.1:PORT or unix:/path, or empty')
    .default(''),
  HAVEN_MAIL_FILTER: z.enum(['lean', 'full', 'off']).default('lean'),
  HAVEN_RSPAMD_PORT: port.max(65533).default(11432),
  HAVEN_RSPAMD_REDIS: z
    .string()
    .regex(/^(127\.0\.0\.1:[0-9]{1,5})?$/, 'must be 127.0.0.1:PORT or empty')
    .default(''),
  /** Roundcube, served by the node's nginx on 127.0.0.1 (docs/spam-training-and-webmail.md). */
  HAVEN_WEBMAIL_PORT: port.default(8082),
});

/** The variables the node reads (docs/operations.md lists them; config.test.ts checks). */
export const serviceSettingNames = (): string[] => Object.keys(schema.shape);

/** A ConfigError, so the start stops with the message and no stack (main.ts). */
export class ServiceSettingsError extends ConfigError {}

export function loadServiceSettings(
  profile: 'local' | 'debian',
  env: NodeJS.ProcessEnv = process.env,
): ServiceSettings {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ServiceSettingsError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const asked =
    e.HAVEN_SERVICES === undefined ? undefined : ['on', '1', 'true'].includes(e.HAVEN_SERVICES);
  // The debian profile drives the system's own services; tests start what they need themselves.
  const enabled = profile === 'local' && (asked ?? !env.VITEST);
  // HAVEN_WEB_LISTEN and HAVEN_WEB_USER: the webhosting area's rule, so both read the same values.
  const web = AREA_SETTINGS.webhosting(profile).safeParse(env);
  if (!web.success)
    throw new ServiceSettingsError(
      `Invalid configuration:\n  ${web.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ')}`,
    );
  const { listen, webUser, tlsListen } = web.data;
  const webPort = Number(/([0-9]{1,5})$/.exec(listen[0] ?? '')?.[1] ?? 8081);
  return {
    enabled,
    web: { listen, port: webPort, user: webUser, tlsListen },
    ftp: { port: e.HAVEN_FTP_PORT, passive: e.HAVEN_FTP_PASSIVE_PORTS },
    dns: { port: e.HAVEN_DNS_PORT, apiPort: e.HAVEN_PDNS_API_PORT },
    mail: {
      smtpPort: e.HAVEN_SMTP_PORT,
      imapPort: e.HAVEN_IMAP_PORT,
      lmtpPort: e.HAVEN_LMTP_PORT,
      milter: e.HAVEN_MAIL_MILTER,
      listPort: e.HAVEN_LIST_PORT,
    },
    filter: {
      profile: e.HAVEN_MAIL_FILTER,
      port: e.HAVEN_RSPAMD_PORT,
      redis: e.HAVEN_RSPAMD_REDIS || null,
    },
    webmail: { port: e.HAVEN_WEBMAIL_PORT },
    stopTimeoutMs: 5000,
  };
}
