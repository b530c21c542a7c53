import { z } from 'zod';
import { localDefault, type Profile } from '../../lib/settings.ts';

/**
 * Customer databases: the MariaDB/MySQL provisioning account. Local root is a development
 * default only; a real server names its own provisioning account.
 */
export const databasesSettings = (profile: Profile) =>
  z
    .object({
      MARIADB_URL: localDefault(
        z.string().regex(/^(mysql|mariadb):\/\//, 'must start with mysql:// or mariadb://'),
        profile,
        'mysql://root@127.0.0.1:3306',
      ),
    })
    .transform((e) => ({ mariadbUrl: e.MARIADB_URL }));
export type DatabasesSettings = z.output<ReturnType<typeof databasesSettings>>;
