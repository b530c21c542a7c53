import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../lib/paths.ts';
import { i18n } from '../../lib/i18n.ts';
import * as fm from '@haven/contract/filemanager';
import { fail, fakeApi } from '../../test/fake-fetch.ts';
import { landing, renderPage } from '../../test/render.tsx';
import { Overlays } from '../../components/overlays.tsx';
import { EditorPage } from './editor-page.tsx';

beforeAll(() => i18n.loadNamespaces(['filemanager', 'webhosting', 'common']));

// jsdom has no layout; CodeMirror measures text ranges, which may as well be empty here.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = () => new DOMRect();

/** The text in the CodeMirror view that `content` (its labelled contenteditable) belongs to. */
const textOf = (content: HTMLElement) => EditorView.findFromDOM(content)?.state.doc.toString();

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
    const { calls } = fakeApi()
      .on(fm.content, { content: '<?php', version: 'v1' })
      .on(fm.save, { version: 'v2' });
    open();
    const area = await screen.findByLabelText('Inhoud van index.php');
    expect(area).toHaveAttribute('contenteditable', 'true');
    // A long line scrolls sideways: the scroll area itself takes keyboard focus.
    expect(area.closest('.cm-scroller')).toHaveAttribute('tabindex', '0');
    expect(textOf(area)).toBe('<?php');
    await userEvent.type(area, '{End}{Enter}{Tab}echo 1;');
    expect(textOf(area)).toBe('<?php\n\techo 1;');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.getByTestId('landed')).toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      path: '/httpdocs/index.php',
      content: '<?php\n\techo 1;',
      version: 'v1',
      force: false,
    });
  });

  it('indents selected lines on Tab and saves on Ctrl+S', async () => {
    const { calls } = fakeApi()
      .on(fm.content, { content: 'a\nb', version: 'v1' })
      .on(fm.save, { version: 'v2' });
    open();
    const area = await screen.findByLabelText('Inhoud van index.php');
    await waitFor(() => expect(textOf(area)).toBe('a\nb'));
    await userEvent.click(area);
    await userEvent.keyboard('{Control>}a{/Control}{Tab}');
    expect(textOf(area)).toBe('\ta\n\tb');
    await userEvent.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(screen.getByTestId('landed')).toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      content: '\ta\n\tb',
      version: 'v1',
    });
  });

  it('asks before overwriting a file that changed on disk', async () => {
    let tries = 0;
    const { calls } = fakeApi()
      .on(fm.content, { content: 'old', version: 'v1' })
      .on(fm.save, () => (++tries === 1 ? fail(409, 'changed_on_disk') : { version: 'v3' }));
    open();
    await screen.findByLabelText('Inhoud van index.php');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    const confirm = await screen.findByRole('button', { name: 'Toch opslaan' });
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('landed')).toBeInTheDocument());
    expect(
      calls.filter((c) => c.method === 'POST').map((c) => (c.body as { force: boolean }).force),
    ).toEqual([false, true]);
  });

  it('shows the not-found page, no editor, for a file that does not exist', async () => {
    fakeApi().on(fm.content, fail(404, 'not_found'));
    open();
    expect(
      await screen.findByRole('heading', { name: 'Pagina niet gevonden' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opslaan' })).not.toBeInTheDocument();
  });
});
