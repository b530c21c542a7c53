import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { E2E_DATA_DIR } from '../env.ts';
import {
  createCustomer,
  expect,
  expectAccessible,
  haven,
  login,
  resize,
  screen,
  test,
} from '../fixtures.ts';

const TEXT = {
  nl: {
    usage: /^0 B van 1,0 MB in gebruik \(bestanden, prullenbak, databases en e-mail\)$/,
    refused:
      'Niet genoeg schijfruimte: je pakket heeft 1,0 MB en er is 0 B in gebruik (bestanden, prullenbak, databases en e-mail tellen mee). Verwijder eerst bestanden of leeg de prullenbak.',
  },
  en: {
    usage: /^0 B of 1\.0 MB in use \(files, trash, databases and e-mail\)$/,
    refused:
      'Not enough disk space: your plan has 1.0 MB and 0 B is in use (files, trash, databases and e-mail count). Delete files or empty the trash first.',
  },
} as const;

for (const lang of ['nl', 'en'] as const) {
  test(`file manager: the plan's disk space is shown and an upload over it is refused (${lang})`, async ({
    page,
    uploadDir,
  }) => {
    const T = TEXT[lang];
    const customer = createCustomer();
    haven('domain:set', '--domain', customer.domain, '--disk-quota-mb', '1');
    const local = uploadDir;
    await writeFile(join(local, 'big.bin'), Buffer.alloc(1_500_000, 1));

    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await login(page, customer);
    await page.goto(`/webhosting/${customer.domain}/filemanager/httpdocs`);
    await expect(page.getByText(T.usage)).toBeVisible();
    await page.locator('input[type=file]:not([data-testid])').setInputFiles(join(local, 'big.bin'));
    await expect(page.getByText(T.refused)).toBeVisible();
    expect(await readdir(join(E2E_DATA_DIR, 'homes', customer.domain, 'httpdocs'))).toEqual([]);
    await screen(page, `filemanager-quota-${lang}-desktop`);
    await resize(page, 360, 760);
    await expect(page.getByText(T.usage)).toBeVisible();
    await screen(page, `filemanager-quota-${lang}-360`);
    await resize(page, 1280, 800);
    await expectAccessible(page);
  });
}
