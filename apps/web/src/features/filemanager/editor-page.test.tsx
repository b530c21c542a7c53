import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../app/routes.ts';
import { i18n } from '../../lib/i18n.ts';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { landing, renderPage } from '../../test/render.tsx';
import { Overlays } from '../../app/shell/overlays.tsx';
import { EditorPage } from './editor-page.tsx';

beforeAll(() => i18n.loadNamespaces(['filemanager', 'webhosting', 'common']));

const base = '/api/a.nl/webhosting/filemanager';
const open = () =>
  renderPage(
    <Overlays>
      <EditorPage />
    </Overlays>,
    {
      path: ROUTES.filemanageredit,
      url: '/webhosting/a.nl/filemanager/edit/httpdocs/index.php',
      extraRoutes: [landing(ROUTES.filemanager)],
    },
  );

describe('EditorPage', () => {
  it('opens the file, inserts a tab on Tab and saves back to the parent folder', async () => {
    const calls = fakeFetch({
      [`GET ${base}/content`]: { body: { content: '<?php', version: 'v1' } },
      [`POST ${base}/save`]: { body: { version: 'v2' } },
    });
    open();
    const area = await screen.findByLabelText('Inhoud van index.php');
    expect(area).toHaveValue('<?php');
    await userEvent.type(area, '{End}{Enter}{Tab}echo 1;');
    expect(area).toHaveValue('<?php\n\techo 1;');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.getByTestId('landed')).toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      path: '/httpdocs/index.php',
      content: '<?php\n\techo 1;',
      version: 'v1',
      force: false,
    });
  });

  it('asks before overwriting a file that changed on disk', async () => {
    let tries = 0;
    const calls = fakeFetch({
      [`GET ${base}/content`]: { body: { content: 'old', version: 'v1' } },
      [`POST ${base}/save`]: () =>
        ++tries === 1
          ? { status: 409, body: { custom_message: 'changed_on_disk' } }
          : { body: { version: 'v3' } },
    });
    open();
    await screen.findByLabelText('Inhoud van index.php');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    const confirm = await screen.findByRole('button', { name: 'Toch opslaan' }, { timeout: 3000 });
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('landed')).toBeInTheDocument());
    expect(
      calls.filter((c) => c.method === 'POST').map((c) => (c.body as { force: boolean }).force),
    ).toEqual([false, true]);
  });
});
