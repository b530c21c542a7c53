import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as account from '@haven/contract/account';
import * as mail from '@haven/contract/mail';
import { ROUTES } from '../../lib/paths.ts';
import { fakeApi } from '../../test/fake-fetch.ts';
import { landing, renderPage } from '../../test/render.tsx';
import { USER } from '../../test/app-harness.tsx';
import { MailAddPage } from './mail-add-page.tsx';

function open() {
  const { calls } = fakeApi()
    .on(account.getUser, USER)
    .on(mail.createGroup, { name: 'team', address: 'team@a.nl', alias: [], members: ['jan@a.nl'] });
  const app = renderPage(<MailAddPage />, {
    path: ROUTES.mailaddressadd,
    url: '/mail/a.nl/group/add',
    extraRoutes: [landing(ROUTES.mailaddress)],
  });
  return { ...app, calls, user: userEvent.setup({ delay: null }) };
}

describe('mail group add', () => {
  it("asks for a member by the contract's rule, then sends the group", async () => {
    const { calls, router, user } = open();
    await user.type(await screen.findByRole('textbox', { name: /^Naam/ }), 'Team');
    await user.click(screen.getByRole('button', { name: 'Aanmaken' }));
    expect(await screen.findByText(/Leden: vul dit in/i)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /^Leden/ }), 'Jan@a.nl{Enter}');
    await user.click(screen.getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mail/a.nl/group'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'team',
      members: ['jan@a.nl'],
      alias: [],
    });
  });
});
