import type * as databases from '@haven/contract/databases';
import type { ApiResponse } from '../../lib/api.ts';
import { i18n } from '../../lib/i18n.ts';

/** Shared answers for the databases screens' tests. */
export const PREFIX = 'anl1_';

export const LIST: ApiResponse<typeof databases.listDatabases> = {
  prefix: PREFIX,
  max_databases: 5,
  available: true,
  databases: [
    { name: 'anl1_shop', size: 2_450_000, users: 2, created_at: '2025-03-01T10:00:00Z' },
    { name: 'anl1_blog', size: 16_384, users: 1, created_at: '2025-03-02T10:00:00Z' },
  ],
};

export const DETAIL: ApiResponse<typeof databases.getDatabase> = {
  database: LIST.databases[0]!,
  users: [
    { name: 'anl1_shopuser', created_at: '2025-03-01T10:00:00Z' },
    { name: 'anl1_second', created_at: '2025-03-04T10:00:00Z' },
  ],
  available: true,
  connection: { host: 'db.a.nl', port: 3306 },
};

/** A password the service policy accepts. */
export const GOOD_PASSWORD = 'fiets-bel-2025!';

export const loadTexts = () => i18n.loadNamespaces(['databases']);
