import { z } from 'zod';
import { localDefault, type Profile } from '../../lib/settings.ts';

const HOST = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:.]+\]?$/;

/**
 * Customer databases: the MariaDB/MySQL provisioning account. Local root is a development
 * default only; a real server names its own provisioning account. Customers connect with the
 * host and port shown on their screens: by default those of `MARIADB_URL`, else the ones set.
 */
export const databasesSettings = (profile: Profile) =>
  z
    .object({
      MARIADB_URL: localDefault(
        z.string().regex(/^(mysql|mariadb):\/\//, 'must start with mysql:// or mariadb://'),
        profile,
        'mysql://root@127.0.0.1:3306',
      ),
      MARIADB_CUSTOMER_HOST: z.string().regex(HOST, 'must be a host name or IP address').optional(),
      MARIADB_CUSTOMER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    })
    .transform((e) => {
      const url = new URL(e.MARIADB_URL);
      return {
        mariadbUrl: e.MARIADB_URL,
        connection: {
          host: e.MARIADB_CUSTOMER_HOST ?? (url.hostname || 'localhost'),
          port: e.MARIADB_CUSTOMER_PORT ?? (url.port ? Number(url.port) : 3306),
        },
      };
    });
export type DatabasesSettings = z.output<ReturnType<typeof databasesSettings>>;
