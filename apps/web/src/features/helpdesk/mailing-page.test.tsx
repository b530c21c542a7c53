import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import * as helpdesk from '@haven/contract/helpdesk';
import { fail, fakeApi } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render.tsx';
import { MailingPage } from './mailing-page.tsx';
import { loadTexts } from './test-data.ts';

beforeAll(loadTexts);

describe('MailingPage', () => {
  it('shows the saved switches and saves the four of them', async () => {
    const { calls } = fakeApi()
      .on(helpdesk.getMailing, { preferences: helpdesk.DEFAULT_MAILING })
      .on(helpdesk.updateMailing, (call) => ({ preferences: call.body }));
    renderPage(<MailingPage />);
    const blog = await screen.findByRole('switch', { name: /Blog en nieuws/ });
    expect(blog).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /Facturen en incasso/ })).toBeChecked();
    const user = userEvent.setup();
    await user.click(blog);
    await user.click(screen.getByRole('switch', { name: /Support/ }));
    await user.click(screen.getByRole('button', { name: 'Voorkeuren opslaan' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        blog_news: true,
        actions_offers: false,
        invoices_collection: true,
        support: false,
      }),
    );
    // The answer becomes the form's saved state: the switches keep the new values.
    await waitFor(() => expect(blog).toBeChecked());
  });

  it('says so when saving fails', async () => {
    fakeApi()
      .on(helpdesk.getMailing, { preferences: helpdesk.DEFAULT_MAILING })
      .on(helpdesk.updateMailing, fail(503, 'unavailable'));
    renderPage(<MailingPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Voorkeuren opslaan' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
