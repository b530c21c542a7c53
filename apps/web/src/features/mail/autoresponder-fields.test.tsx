import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as account from '@haven/contract/account';
import * as mail from '@haven/contract/mail';
import { AUTORESPONDER_DEFAULTS, SPAMFILTER_DEFAULTS } from '@haven/contract/mail-rules';
import { ROUTES } from '../../lib/paths.ts';
import { i18n } from '../../lib/i18n.ts';
import { USER } from '../../test/app-harness.tsx';
import { fakeApi } from '../../test/fake-fetch.ts';
import { landing, renderPage } from '../../test/render.tsx';
import { MailDetailPage } from './mail-detail-page.tsx';

vi.setConfig({ testTimeout: 15_000 });
beforeAll(() => i18n.loadNamespaces(['mail']));
// jsdom has no layout; CodeMirror measures text ranges, which may as well be empty here.
Range.prototype.getClientRects = () =>
  Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect();

const DETAIL: mail.MailAddressDetail = {
  name: 'info',
  address: 'info@a.nl',
  forwarding: { address: [] },
  alias: [],
  quota: 0,
  usage: 0,
  autoresponder: { ...AUTORESPONDER_DEFAULTS, enabled: true, subject: 'Weg', text: '<p>Weg</p>' },
  spamfilter: SPAMFILTER_DEFAULTS,
};

describe('autoresponder', () => {
  it('edits HTML in the HTML editor, which shows only for HTML, and sends what was typed', async () => {
    const { calls } = fakeApi()
      .on(account.getUser, USER)
      .on(mail.getAddress, DETAIL)
      .on(mail.updateAddress, { errors: [] });
    renderPage(<MailDetailPage />, {
      path: ROUTES.mailaddressdetail,
      url: '/mail/a.nl/address/info',
      extraRoutes: [landing(ROUTES.mailaddress)],
    });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('textbox', { name: 'Bericht' })).toHaveValue('<p>Weg</p>');
    expect(screen.queryByText('Bericht (HTML)')).toBeNull();

    await user.click(screen.getByText('HTML'));
    const editor = await screen.findByLabelText('Bericht (HTML)');
    expect(editor).toHaveAttribute('contenteditable', 'true');
    expect(screen.queryByRole('textbox', { name: 'Bericht' })).toBeNull();
    // A void element: the same text whether or not the lazily loaded HTML language, which closes
    // an opened tag as it is typed, has arrived yet (under load it had, and `<b>` got a second `</b>`).
    await user.type(editor, '{End}<br>!');
    expect(EditorView.findFromDOM(editor)?.state.doc.toString()).toBe('<p>Weg</p><br>!');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      autoresponder: { content_type: 'html', text: '<p>Weg</p><br>!' },
    });
  });

  it('sends forward to, answers per day, memory and end date; refuses several a day with a longer memory', async () => {
    const { calls } = fakeApi()
      .on(account.getUser, USER)
      .on(mail.getAddress, { ...DETAIL, autoresponder: { ...DETAIL.autoresponder, days: 3 } })
      .on(mail.updateAddress, { errors: [] });
    renderPage(<MailDetailPage />, {
      path: ROUTES.mailaddressdetail,
      url: '/mail/a.nl/address/info',
      extraRoutes: [landing(ROUTES.mailaddress)],
    });
    const user = userEvent.setup({ delay: null });
    const forward = await screen.findByRole('textbox', { name: 'Doorsturen naar (optioneel)' });
    await user.type(forward, 'Kopie@b.nl');
    const perDay = screen.getByRole('textbox', { name: 'Antwoorden per dag per adres' });
    await user.tripleClick(perDay);
    await user.keyboard('3');
    await user.type(screen.getByLabelText('Einddatum (optioneel)'), '2030-06-30');
    const save = screen.getByRole('button', { name: 'Opslaan' });
    await user.click(save);
    expect(
      await screen.findByText(
        'Meer dan één antwoord per dag kan alleen met een geheugen van 1 dag.',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    const memory = screen.getByRole('textbox', { name: 'Geheugen van losse adressen (dagen)' });
    await user.tripleClick(memory);
    await user.keyboard('1');
    await user.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      autoresponder: {
        forward_to: 'kopie@b.nl',
        answers_per_day: 3,
        days: 1,
        end_date: '2030-06-30',
      },
    });
  });
});
