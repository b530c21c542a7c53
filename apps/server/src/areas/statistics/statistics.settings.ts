import { z } from 'zod';
import type { Profile } from '../../lib/settings.ts';
import { DEBIAN_MAIL_LOG } from '../../platform/traffic-logs/traffic-logs.local.ts';

const path = z.string().regex(/^\//, 'must be an absolute path');

/**
 * The mail logs the statistics read for SMTP and IMAP/POP3 bytes. Unset: the local profile's
 * supervised Postfix and Dovecot logs under the data dir (null here, resolved by the module);
 * in the debian profile syslog's mail log, where both write.
 */
export const statisticsSettings = (profile: Profile) =>
  z
    .object({
      HAVEN_POSTFIX_LOG: path.optional(),
      HAVEN_DOVECOT_LOG: path.optional(),
    })
    .transform((e) => {
      const system = profile === 'debian' ? DEBIAN_MAIL_LOG : null;
      return {
        postfixLog: e.HAVEN_POSTFIX_LOG ?? system,
        dovecotLog: e.HAVEN_DOVECOT_LOG ?? system,
      };
    });
export type StatisticsSettings = z.output<ReturnType<typeof statisticsSettings>>;
