import { z } from 'zod';

/**
 * Mail: where the webmail (Roundcube with Haven's sign-on plugin) answers for customers. Empty:
 * no webmail; the Webmail screen says so.
 */
export const mailSettings = () =>
  z
    .object({
      HAVEN_WEBMAIL_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
    })
    .transform((e) => ({ webmailUrl: e.HAVEN_WEBMAIL_URL || null }));
export type MailSettings = z.output<ReturnType<typeof mailSettings>>;
