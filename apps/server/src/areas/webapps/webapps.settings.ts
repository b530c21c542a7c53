import { z } from 'zod';

/**
 * Web apps: where releases come from (the operator's mirror: a folder holding each recipe's
 * `source.path`, by default Debian's packaged apps under /usr/share) and the PHP CLI that runs
 * their installers.
 */
export const webappsSettings = () =>
  z
    .object({
      HAVEN_WEBAPP_SOURCE: z
        .string()
        .startsWith('/', 'must be an absolute path')
        .default('/usr/share'),
      HAVEN_WEBAPP_PHP: z.string().min(1).default('php'),
    })
    .transform((e) => ({ source: e.HAVEN_WEBAPP_SOURCE, php: e.HAVEN_WEBAPP_PHP }));
export type WebappsSettings = z.output<ReturnType<typeof webappsSettings>>;
