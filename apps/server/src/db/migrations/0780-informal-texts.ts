import { sql, type Kysely } from 'kysely';
import type { MigrationDef } from './helpers.ts';

/** Seeded Dutch texts that said "u"/"uw", and what they say now (the panel says "je"). */
const PRODUCTS: readonly { id: number; from: string; to: string }[] = [
  {
    id: 4,
    from: 'Uw mail wordt gescand voordat hij binnenkomt: spam en virussen blijven buiten.',
    to: 'Je mail wordt gescand voordat hij binnenkomt: spam en virussen blijven buiten.',
  },
  {
    id: 7,
    from: 'Bouw zelf uw website met tot 20 pagina\u2019s.',
    to: 'Bouw zelf je website met tot 20 pagina\u2019s.',
  },
  {
    id: 10,
    from: 'Uw naam en adres worden afgeschermd in de openbare WHOIS-gegevens van uw domein.',
    to: 'Je naam en adres worden afgeschermd in de openbare WHOIS-gegevens van je domein.',
  },
];

const DEMO_WELCOME = {
  from: 'Welkom in het nieuwe controlepaneel. Alles wat u hier doet, gebeurt echt.',
  to: 'Welkom in het nieuwe controlepaneel. Alles wat je hier doet, gebeurt echt.',
};

/**
 * One form of address: the Dutch product texts and the demo's welcome say "je", as the panel,
 * the mails and the invoices do. Only texts still as seeded change; the operator's own stay.
 */
async function up(db: Kysely<unknown>): Promise<void> {
  for (const p of PRODUCTS) {
    await sql`UPDATE shop_products SET description_nl = ${p.to} WHERE id = ${p.id} AND description_nl = ${p.from}`.execute(
      db,
    );
  }
  await sql`UPDATE notifications SET message_nl = ${DEMO_WELCOME.to} WHERE message_nl = ${DEMO_WELCOME.from}`.execute(
    db,
  );
}

export const informalTextsMigration: MigrationDef = { name: '0780-informal-texts', up };
