import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { E2E_DATA_DIR } from '../env.ts';
import { checkScreen, createCustomer, expect, login, shoot, test } from '../fixtures.ts';

const TEXT = {
  nl: {
    title: 'Bestandsbeheer',
    newFolder: 'Nieuwe map',
    name: 'Naam',
    newName: 'Nieuwe naam',
    target: /^Doelmap/,
    create: 'Aanmaken',
    actions: (n: string) => `Acties voor ${n}`,
    rename: 'Naam wijzigen',
    replace: 'Vervangen',
    move: 'Verplaatsen',
    zip: 'Zippen',
    unzip: 'Uitpakken',
    permissions: 'Rechten',
    preview: 'Voorbeeld',
    remove: 'Verwijderen',
    select: (n: string) => `${n} selecteren`,
    octal: /^Octaal/,
    save: 'Opslaan',
    content: (n: string) => `Inhoud van ${n}`,
    trash: 'Prullenbak',
    restore: 'Terugzetten',
    done: 'Klaar.',
    bulk: 'Geselecteerde items',
  },
  en: {
    title: 'File manager',
    newFolder: 'New folder',
    name: 'Name',
    newName: 'New name',
    target: /^Target folder/,
    create: 'Create',
    actions: (n: string) => `Actions for ${n}`,
    rename: 'Rename',
    replace: 'Replace',
    move: 'Move',
    zip: 'Zip',
    unzip: 'Unzip',
    permissions: 'Permissions',
    preview: 'Preview',
    remove: 'Delete',
    select: (n: string) => `Select ${n}`,
    octal: /^Octal/,
    save: 'Save',
    content: (n: string) => `Contents of ${n}`,
    trash: 'Trash',
    restore: 'Restore',
    done: 'Done.',
    bulk: 'Selected items',
  },
} as const;

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

for (const lang of ['nl', 'en'] as const) {
  test(`file manager: upload, folders, rename, move, zip, unzip, chmod, edit, preview, trash (${lang})`, async ({
    page,
    uploadDir,
  }) => {
    const T = TEXT[lang];
    const customer = createCustomer();
    const home = join(E2E_DATA_DIR, 'homes', customer.domain);
    await writeFile(join(home, 'httpdocs', 'index.php'), '<?php\necho "old";\n');
    await writeFile(join(home, 'httpdocs', 'logo.png'), PNG);
    const local = uploadDir;
    await writeFile(join(local, 'one.txt'), 'one');
    await writeFile(join(local, 'two.txt'), 'two');
    await mkdir(join(local, 'assets', 'css'), { recursive: true });
    await writeFile(join(local, 'assets', 'css', 'site.css'), 'body{}');

    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await login(page, customer);
    await page.goto(`/webhosting/${customer.domain}/filemanager/httpdocs`);
    await expect(page.getByRole('heading', { name: T.title, level: 1 })).toBeVisible();
    const row = (name: string) => page.locator(`tr[data-entry="${name}"]`);
    const act = async (name: string, action: string) => {
      await page.getByRole('button', { name: T.actions(name), exact: true }).click();
      await page.getByRole('menuitem', { name: action, exact: true }).click();
    };
    const dialog = page.getByRole('dialog');

    // Upload two files and a folder.
    await page
      .locator('input[type=file]:not([data-testid])')
      .setInputFiles([join(local, 'one.txt'), join(local, 'two.txt')]);
    await expect(row('two.txt')).toBeVisible();
    await page.getByTestId('folder-upload').setInputFiles(join(local, 'assets'));
    await expect(row('assets')).toBeVisible();
    expect(await readFile(join(home, 'httpdocs', 'assets', 'css', 'site.css'), 'utf8')).toBe(
      'body{}',
    );

    // Uploading over a taken name asks first; only "replace" sends the file again.
    await writeFile(join(local, 'two.txt'), 'two, again');
    await page.locator('input[type=file]:not([data-testid])').setInputFiles(join(local, 'two.txt'));
    await dialog.getByRole('button', { name: T.replace }).click();
    await expect.poll(() => readFile(join(home, 'httpdocs', 'two.txt'), 'utf8')).toBe('two, again');

    // Create a folder, rename a file, move one into the folder.
    await page.getByRole('button', { name: T.newFolder }).click();
    await dialog.getByLabel(T.name).fill('site');
    await dialog.getByRole('button', { name: T.create }).click();
    await expect(row('site')).toBeVisible();
    await act('one.txt', T.rename);
    await dialog.getByLabel(T.newName).fill('first.txt');
    await dialog.getByRole('button', { name: T.rename }).click();
    await expect(row('first.txt')).toBeVisible();
    await act('two.txt', T.move);
    await dialog.getByLabel(T.target).fill('/httpdocs/site/');
    await dialog.getByRole('button', { name: T.move }).click();
    await expect(row('two.txt')).toHaveCount(0);
    expect(await readFile(join(home, 'httpdocs', 'site', 'two.txt'), 'utf8')).toBe('two, again');

    // Permissions through the dialog.
    await act('first.txt', T.permissions);
    await dialog.getByLabel(T.octal).fill('600');
    await dialog.getByRole('button', { name: T.save }).click();
    await expect(row('first.txt')).toContainText('600');
    expect((await stat(join(home, 'httpdocs', 'first.txt'))).mode & 0o777).toBe(0o600);

    // Zip the folder in the background, then delete it and unzip it back.
    await page.getByRole('checkbox', { name: T.select('site') }).check();
    await page.getByRole('region', { name: T.bulk }).getByRole('button', { name: T.zip }).click();
    await dialog.getByLabel(/zip/i).fill('site.zip');
    await dialog.getByRole('button', { name: T.zip }).click();
    await expect(row('site.zip')).toBeVisible({ timeout: 30_000 });
    await act('site', T.remove);
    await page.getByRole('dialog').getByRole('button', { name: T.remove }).click();
    await expect(row('site')).toHaveCount(0);
    await act('site.zip', T.unzip);
    await expect(row('site')).toBeVisible({ timeout: 30_000 });
    expect(await readFile(join(home, 'httpdocs', 'site', 'two.txt'), 'utf8')).toBe('two, again');
    await checkScreen(page);
    await shoot(page, `filemanager-list-${lang}`);

    // Preview an image.
    await act('logo.png', T.preview);
    await expect(dialog.getByRole('img', { name: /logo\.png/ })).toBeVisible();
    await page.keyboard.press('Escape');

    // Delete to the trash and restore.
    await act('first.txt', T.remove);
    await page.getByRole('dialog').getByRole('button', { name: T.remove }).click();
    await expect(row('first.txt')).toHaveCount(0);
    await page.getByRole('button', { name: T.trash }).click();
    await page.getByRole('checkbox', { name: '/httpdocs/first.txt' }).check();
    await page.getByRole('button', { name: T.restore }).click();
    await expect(row('first.txt')).toBeVisible();
    await shoot(page, `filemanager-trash-${lang}`);

    // Edit a php file and save: back in the folder, the file changed on disk.
    await page.getByRole('link', { name: 'index.php' }).click();
    // CodeMirror: a labelled contenteditable textbox, one .cm-line per line, php highlighted.
    const editor = page.getByRole('textbox', { name: T.content('index.php') });
    const lines = editor.locator('.cm-line');
    await expect(lines).toHaveText(['<?php', 'echo "old";', '']);
    await expect(lines.first().locator('span')).not.toHaveCount(0);
    await editor.fill('<?php\necho "new";\n');
    // Tab at the start of line 2 inserts a tab; Ctrl+S saves.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await expect(lines).toHaveText(['<?php', '\techo "new";', '']);
    await expect(editor).toBeFocused();
    await checkScreen(page);
    await shoot(page, `filemanager-editor-${lang}`);
    await page.keyboard.press('Control+s');
    await expect(page).toHaveURL(new RegExp(`/filemanager/httpdocs$`));
    expect(await readFile(join(home, 'httpdocs', 'index.php'), 'utf8')).toBe(
      '<?php\n\techo "new";\n',
    );
  });
}
