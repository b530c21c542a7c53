import { sql } from 'kysely';
import { system } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { Db } from '../../db/database.ts';

export function systemRoutes(bind: Bind, db: Db, version: string): void {
  bind(system.health, async () => {
    const database = await sql`select 1 as ok`.execute(db).then(
      () => true,
      () => false,
    );
    return { status: database ? ('ok' as const) : ('degraded' as const), database, version };
  });
}
