import { readFile } from 'node:fs/promises';
import { createConnection } from 'mysql2/promise';
import { checkScreen, createCustomer, expect, login, shoot, test } from '../fixtures.ts';

/** The e2e server's MariaDB (its default `MARIADB_URL`); the test checks what the panel made there. */
const MARIADB = process.env.MARIADB_URL ?? 'mysql://root@127.0.0.1:3306';
const server = new URL(MARIADB);
const connectAs = (user: string, password: string, database: string) =>
  createConnection({
    host: server.hostname,
    port: Number(server.port || 3306),
    user,
    password,
    database,
  });

const TEXT = {
  nl: {
    title: 'Databases',
    add: 'Database toevoegen',
    name: /^Databasenaam/,
    username: /^Gebruikersnaam/,
    password: /^Wachtwoord/,
    repeat: /^Herhaal wachtwoord/,
    newPassword: /^Nieuw wachtwoord/,
    newRepeat: /^Herhaal nieuw wachtwoord/,
    create: 'Database aanmaken',
    users: 'Databasegebruikers',
    addUser: 'Gebruiker toevoegen',
    createUser: 'Gebruiker aanmaken',
    download: 'Database downloaden',
    changePassword: 'Wachtwoord wijzigen',
    changed: 'Het wachtwoord is gewijzigd.',
    deleteUser: 'Gebruiker verwijderen',
    deleteDb: 'Database verwijderen',
    confirm: 'Verwijderen',
    exists: 'Er bestaat al een database met deze naam.',
    empty: 'Je hebt nog geen databases.',
    used: /^0 van \d+ gebruikt$/,
    generate: 'Wachtwoord genereren',
    copyPassword: 'Wachtwoord kopiëren',
    connection: 'Verbinding maken',
    deleteTitle: (name: string) => `${name} verwijderen?`,
    notFound: 'Pagina niet gevonden',
    toDashboard: 'Naar het dashboard',
  },
  en: {
    title: 'Databases',
    add: 'Add database',
    name: /^Database name/,
    username: /^User name/,
    password: /^Password/,
    repeat: /^Repeat password/,
    newPassword: /^New password/,
    newRepeat: /^Repeat new password/,
    create: 'Create database',
    users: 'Database users',
    addUser: 'Add user',
    createUser: 'Create user',
    download: 'Download database',
    changePassword: 'Change password',
    changed: 'The password has been changed.',
    deleteUser: 'Delete user',
    deleteDb: 'Delete database',
    confirm: 'Delete',
    exists: 'A database with this name already exists.',
    empty: 'You have no databases yet.',
    used: /^0 of \d+ used$/,
    generate: 'Generate password',
    copyPassword: 'Copy password',
    connection: 'Connecting',
    deleteTitle: (name: string) => `Delete ${name}?`,
    notFound: 'Page not found',
    toDashboard: 'To the dashboard',
  },
} as const;

for (const lang of ['nl', 'en'] as const) {
  test(`databases: a database or user that does not exist has the not-found page, no form (${lang})`, async ({
    page,
  }) => {
    const x = TEXT[lang];
    const c = createCustomer();
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await login(page, c);
    const missing = `/webhosting/${c.domain}/database/nothere_db`;
    for (const path of [missing, `${missing}/user`, `${missing}/user/nothere_user`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: x.notFound })).toBeVisible();
      await expect(page.getByRole('link', { name: x.toDashboard })).toBeVisible();
      await expect(page.locator('main').locator('form, input')).toHaveCount(0);
    }
    await checkScreen(page);
    await shoot(page, `databases-user-not-found-${lang}`);
  });
}

const FIRST_PW = 'Fiets-bel-2025!';
const SECOND_PW = 'Zomer-pw-77?x';
const CHANGED_PW = 'nieuw-pw-88#y';

for (const lang of ['nl', 'en'] as const) {
  test(`databases: create with a user, add a user, download, change password, delete (${lang})`, async ({
    page,
  }) => {
    // Two languages, screenshots at two widths and real MariaDB checks: slow on a busy machine.
    test.setTimeout(240_000);
    const x = TEXT[lang];
    const c = createCustomer();
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await login(page, c);

    await page.goto(`/webhosting/${c.domain}/database`);
    await expect(page.getByRole('heading', { level: 1, name: x.title })).toBeVisible();
    await expect(page.getByText(x.empty)).toBeVisible();
    await checkScreen(page);

    // Add: how many are used shows before anything is typed; the prefix is shown, the names
    // are lower-cased before they are sent.
    await expect(page.getByText(x.used)).toBeVisible();
    await page.getByRole('link', { name: x.add }).click();
    await expect(page.getByRole('note').getByText(x.used)).toBeVisible();
    // A generated password can be copied from beside it.
    await page.getByRole('button', { name: x.generate }).click();
    await expect(page.getByRole('button', { name: x.copyPassword })).toBeVisible();
    await page.getByRole('textbox', { name: x.name }).fill('Shop');
    await page.getByRole('textbox', { name: x.username }).fill('Shop_User');
    await page.getByLabel(x.password, { exact: false }).first().fill(FIRST_PW);
    await page.getByLabel(x.repeat).fill(FIRST_PW);
    await expect(page.getByText(/(Volledige naam|Full name): \w+_shop$/)).toBeVisible();
    await checkScreen(page);
    await shoot(page, `databases-add-${lang}`);
    await page.getByRole('button', { name: x.create }).click();
    await expect(page).toHaveURL(new RegExp(`/webhosting/${c.domain}/database/[a-z0-9]+_shop$`));
    const database = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const prefix = database.slice(0, -'shop'.length);
    try {
      const users = page.getByRole('list', { name: x.users });
      await expect(users.getByRole('link', { name: `${prefix}shop_user` })).toBeVisible();

      // The first user really works in its database.
      const first = await connectAs(`${prefix}shop_user`, FIRST_PW, database);
      await first.query('CREATE TABLE orders (id INT PRIMARY KEY, item VARCHAR(40))');
      await first.query("INSERT INTO orders VALUES (1, 'brood'), (2, 'taart')");
      await first.end();

      // Where to connect: the server's host and port (MARIADB_CUSTOMER_HOST, else MARIADB_URL's).
      await page.reload();
      const connection = page.getByRole('region', { name: x.connection });
      await expect(connection.getByText(server.hostname, { exact: true })).toBeVisible();
      await expect(connection.getByText(server.port || '3306', { exact: true })).toBeVisible();
      // The real size of its tables, not 0 B.
      await expect(page.getByText(/^\d+([.,]\d+)? (kB|MB)$/)).toBeVisible();

      // A second user.
      await page.getByRole('link', { name: x.addUser }).click();
      await page.getByRole('textbox', { name: x.username }).fill('tweede');
      await page.getByLabel(x.password).first().fill(SECOND_PW);
      await page.getByLabel(x.repeat).fill(SECOND_PW);
      await checkScreen(page);
      await page.getByRole('button', { name: x.createUser }).click();
      await expect(page).toHaveURL(new RegExp(`/database/${database}$`));
      await expect(users.getByRole('listitem')).toHaveCount(2);
      await checkScreen(page);
      await shoot(page, `databases-detail-${lang}`);

      // The download is a dump with the rows.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: x.download }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^${database}-\\d{4}-\\d{2}-\\d{2}\\.sql$`),
      );
      const dump = await readFile((await download.path()) ?? '', 'utf8');
      expect(dump).toContain('CREATE TABLE `orders`');
      expect(dump).toContain("'taart'");

      // A changed password works, the old one no longer does.
      await users.getByRole('link', { name: `${prefix}tweede` }).click();
      await page.getByLabel(x.newPassword).first().fill(CHANGED_PW);
      await page.getByLabel(x.newRepeat).fill(CHANGED_PW);
      await page.getByRole('button', { name: x.changePassword }).click();
      await expect(page.getByText(x.changed)).toBeVisible();
      await checkScreen(page);
      await shoot(page, `databases-user-${lang}`);
      await expect(connectAs(`${prefix}tweede`, SECOND_PW, database)).rejects.toThrow(/denied/i);
      await (await connectAs(`${prefix}tweede`, CHANGED_PW, database)).end();

      // Delete the user, then the database, each after confirmation.
      await page.getByRole('button', { name: x.deleteUser }).click();
      await page.getByRole('dialog').getByRole('button', { name: x.confirm, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/database/${database}$`));
      await expect(users.getByRole('listitem')).toHaveCount(1);

      // The same name again is refused with the catalogue's text.
      await page.goto(`/webhosting/${c.domain}/database/add`);
      await page.getByRole('textbox', { name: x.name }).fill('shop');
      await page.getByRole('textbox', { name: x.username }).fill('other');
      await page.getByLabel(x.password).first().fill(FIRST_PW);
      await page.getByLabel(x.repeat).fill(FIRST_PW);
      await page.getByRole('button', { name: x.create }).click();
      await expect(page.getByText(x.exists)).toBeVisible();

      await page.goto(`/webhosting/${c.domain}/database`);
      await expect(page.getByRole('link', { name: database })).toBeVisible();
      await checkScreen(page);
      await shoot(page, `databases-list-${lang}`);
      await page.getByRole('link', { name: database }).click();
      await page.getByRole('button', { name: x.deleteDb }).click();
      // The confirmation names what goes.
      const confirm = page.getByRole('dialog', { name: x.deleteTitle(database) });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: x.confirm, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/webhosting/${c.domain}/database$`));
      await expect(page.getByText(x.empty)).toBeVisible();
      await expect(connectAs(`${prefix}shop_user`, FIRST_PW, database)).rejects.toThrow(
        /denied|unknown database/i,
      );
    } finally {
      // Whatever the outcome, nothing of this run stays on the shared server.
      const root = await createConnection({ uri: MARIADB });
      const like = `${prefix.replace(/_/g, '\\_')}%`;
      const [dbs] = await root.query(
        'SELECT schema_name AS n FROM information_schema.schemata WHERE schema_name LIKE ?',
        [like],
      );
      for (const { n } of dbs as { n: string }[]) await root.query(`DROP DATABASE \`${n}\``);
      const [logins] = await root.query(
        'SELECT User AS u, Host AS h FROM mysql.user WHERE User LIKE ?',
        [like],
      );
      for (const { u, h } of logins as { u: string; h: string }[])
        await root.query('DROP USER ?@?', [u, h]);
      await root.end();
    }
  });
}
