import { z } from 'zod';
import type { Profile } from '../../lib/settings.ts';

const LISTEN = /^(?:(?:[0-9]{1,3}\.){3}[0-9]{1,3}:|\[[0-9a-f:]+\]:)?[0-9]{1,5}$/;

/** Webhosting (docs/operations-webhosting.md): nginx's listen addresses and the web files' owner. */
export const webhostingSettings = (profile: Profile) =>
  z
    .object({
      /** Comma-separated nginx `listen` values. */
      HAVEN_WEB_LISTEN: z
        .string()
        .trim()
        .optional()
        .transform((raw) =>
          raw
            ? raw
                .split(',')
                .map((v) => v.trim())
                .filter(Boolean)
            : profile === 'debian'
              ? ['80', '[::]:80']
              : ['127.0.0.1:8081'],
        )
        .refine(
          (values) => values.every((v) => LISTEN.test(v)),
          'must be listen addresses such as 80,[::]:80 or 127.0.0.1:8081',
        ),
      /**
       * Comma-separated `listen` values of the HTTPS server blocks (docs/ssl.md). Default: the
       * local profile 127.0.0.1:8443, debian 443,[::]:443, both only while HAVEN_WEB_LISTEN is
       * its default too (who moves HTTP elsewhere chooses the HTTPS port as well); `off`: none.
       */
      HAVEN_WEB_TLS_LISTEN: z.string().trim().optional(),
      /** The account nginx workers run as (in every domain group); without per-domain users also PHP and the files (root only). */
      HAVEN_WEB_USER: z
        .string()
        .trim()
        .optional()
        .transform((v) => v || 'www-data')
        .refine((v) => /^[a-z_][a-z0-9_-]{0,31}$/.test(v), 'must be a user name'),
      /** One system user and group per domain (only when Haven is root); on unless `off`. */
      HAVEN_DOMAIN_USERS: z.enum(['on', 'off']).optional(),
      /** `<prefix><domain id>` names the domain's user and group: unique per installation. */
      HAVEN_DOMAIN_USER_PREFIX: z
        .string()
        .trim()
        .optional()
        .transform((v) => v || 'haven-d')
        .refine(
          (v) => /^[a-z_][a-z0-9_-]{0,19}$/.test(v),
          'must be 1 to 20 characters: a-z, 0-9, _ and -, not starting with a digit or -',
        ),
    })
    .transform((e) => ({
      tlsListen: tlsListenOf(profile, e.HAVEN_WEB_LISTEN, e.HAVEN_WEB_TLS_LISTEN),
      listen: e.HAVEN_WEB_LISTEN,
      webUser: e.HAVEN_WEB_USER,
      domainUsers: e.HAVEN_DOMAIN_USERS !== 'off',
      domainUserPrefix: e.HAVEN_DOMAIN_USER_PREFIX,
    }))
    .refine((s) => s.tlsListen.every((v) => LISTEN.test(v)), {
      message: 'HAVEN_WEB_TLS_LISTEN must be listen addresses such as 443,[::]:443 or off',
    });
export type WebhostingSettings = z.output<ReturnType<typeof webhostingSettings>>;

function tlsListenOf(profile: Profile, listen: string[], raw: string | undefined): string[] {
  if (raw === 'off') return [];
  if (raw)
    return raw
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  const http = listen.join(',');
  if (profile === 'debian') return http === '80,[::]:80' ? ['443', '[::]:443'] : [];
  return http === '127.0.0.1:8081' ? ['127.0.0.1:8443'] : [];
}
