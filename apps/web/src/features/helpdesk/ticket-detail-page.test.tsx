import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as helpdesk from '@haven/contract/helpdesk';
import * as contract from '@haven/contract/helpdesk';
import { ROUTES } from '../../lib/paths.ts';
import { fakeApi } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render.tsx';
import { loadTexts } from './test-data.ts';
import { TicketDetailPage } from './ticket-detail-page.tsx';

vi.setConfig({ testTimeout: 15_000 });
beforeAll(loadTexts);

const message = (id: number, body: string): helpdesk.TicketMessage => ({
  id,
  author: 'customer',
  body,
  created_at: '2026-11-28T10:00:00Z',
  attachments: [],
});

const TICKET: helpdesk.Ticket = {
  id: 12,
  status: 'open',
  domain: 'a.nl',
  about: { kind: 'domain', name: '' },
  category: 'question',
  subject: 'Site traag',
  created_at: '2026-11-28T10:00:00Z',
  updated_at: '2026-11-28T10:00:00Z',
  name: 'Jan Jansen',
  email: 'jan@a.nl',
  messages: [message(1, 'De site is traag.')],
};

describe('ticket reply', () => {
  it('sends the reply, shows it and empties the form', async () => {
    const { calls } = fakeApi()
      .on(contract.getTicket, { ticket: TICKET })
      .on(contract.replyTicket, {
        ticket: { ...TICKET, messages: [...TICKET.messages, message(2, 'Nog steeds.')] },
      });
    renderPage(<TicketDetailPage />, {
      path: ROUTES.helpdeskticketdetail,
      url: '/helpdesk/ticket/12',
    });
    const user = userEvent.setup({ delay: null });
    const field = await screen.findByRole('textbox', { name: /^Bericht/ });
    await user.type(field, '  Nog steeds.  ');
    await user.click(screen.getByRole('button', { name: 'Reactie versturen' }));
    expect(await screen.findByText('Nog steeds.')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue(''));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      message: 'Nog steeds.',
      attachments: [],
    });
  });

  it('keeps what was typed while the reply was being sent', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    fakeApi()
      .on(contract.getTicket, { ticket: TICKET })
      .on(contract.replyTicket, async () => {
        await held;
        return { ticket: { ...TICKET, messages: [...TICKET.messages, message(2, 'Eerste.')] } };
      });
    renderPage(<TicketDetailPage />, {
      path: ROUTES.helpdeskticketdetail,
      url: '/helpdesk/ticket/12',
    });
    const user = userEvent.setup({ delay: null });
    const field = await screen.findByRole('textbox', { name: /^Bericht/ });
    await user.type(field, 'Eerste.');
    const button = screen.getByRole('button', { name: 'Reactie versturen' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-loading'));
    await user.type(field, ' En nog iets.');
    release();
    expect(await screen.findByText('Eerste.')).toBeInTheDocument();
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
    expect(field).toHaveValue('Eerste. En nog iets.');
  });
});
