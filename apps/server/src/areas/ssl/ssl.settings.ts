import { z } from 'zod';

/**
 * SSL certificates (docs/ssl.md, docs/operations.md). Without an ACME directory the certificates
 * come from Haven's local CA (local profile); the debian profile needs a directory for real
 * certificates (Let's Encrypt: https://acme-v02.api.letsencrypt.org/directory).
 */
export const sslSettings = () =>
  z
    .object({
      /** RFC 8555 directory URL; empty: Haven's local CA. */
      SSL_ACME_DIRECTORY: z.url({ protocol: /^https$/ }).optional(),
      /** Contact address for the ACME account (the CA's expiry notices). */
      SSL_ACME_EMAIL: z.email().optional(),
      /** A CA file (PEM) to trust for the directory itself: a private ACME server. */
      SSL_ACME_CA_FILE: z.string().trim().startsWith('/', 'must be an absolute path').optional(),
      /** Renew a certificate this many days before it expires. */
      SSL_RENEW_DAYS: z.coerce.number().int().min(1).max(365).default(30),
      /** How often the renewal job looks for due certificates, in minutes. */
      SSL_RENEW_CHECK_MINUTES: z.coerce.number().int().min(1).max(10_080).default(720),
    })
    .transform((e) => ({
      acmeDirectory: e.SSL_ACME_DIRECTORY ?? null,
      acmeEmail: e.SSL_ACME_EMAIL ?? null,
      acmeCaFile: e.SSL_ACME_CA_FILE ?? null,
      renewBeforeMs: e.SSL_RENEW_DAYS * 86_400_000,
      checkEveryMs: e.SSL_RENEW_CHECK_MINUTES * 60_000,
    }));
export type SslSettings = z.output<ReturnType<typeof sslSettings>>;
