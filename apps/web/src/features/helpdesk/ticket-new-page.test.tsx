import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as helpdesk from '@haven/contract/helpdesk';
import { ROUTES } from '../../lib/paths.ts';
import { fakeApi } from '../../test/fake-fetch.ts';
import { landing, renderPage } from '../../test/render.tsx';
import { loadTexts } from './test-data.ts';
import { TicketDetailPage } from './ticket-detail-page.tsx';

vi.setConfig({ testTimeout: 15_000 });
beforeAll(loadTexts);

describe('new ticket', () => {
  it("asks what it is about by the contract's rule, then sends the chosen object", async () => {
    const { calls } = fakeApi()
      .on(helpdesk.ticketSubjects, {
        subjects: [
          { domain: 'a.nl', kind: 'domain', name: '' },
          { domain: 'a.nl', kind: 'database', name: 'a_shop' },
        ],
      })
      .on(helpdesk.createTicket, { ticket: { id: 7 } as helpdesk.Ticket });
    const { router } = renderPage(<TicketDetailPage />, {
      path: ROUTES.helpdeskticketdetail,
      url: '/helpdesk/ticket/new',
      extraRoutes: [landing(ROUTES.helpdeskticketdetail.replace(':id', '7'))],
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /^Onderwerp/ }), 'Traag');
    await user.type(screen.getByRole('textbox', { name: /^Bericht/ }), 'De database is traag.');
    await user.click(screen.getByRole('button', { name: 'Ticket versturen' }));
    expect(
      await screen.findByText('Kies in de lijst waar je vraag over gaat.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('textbox', { name: /^Over/ }));
    await user.click(await screen.findByRole('option', { name: /a_shop/ }));
    await user.click(screen.getByRole('button', { name: 'Ticket versturen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/helpdesk/ticket/7'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      about: { domain: 'a.nl', kind: 'database', name: 'a_shop' },
      category: 'question',
      subject: 'Traag',
      message: 'De database is traag.',
      attachments: [],
    });
  });
});
