import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as account from '@haven/contract/account';
import * as mail from '@haven/contract/mail';
import { ROUTES } from '../../lib/paths.ts';
import { i18n } from '../../lib/i18n.ts';
import { USER } from '../../test/app-harness.tsx';
import { fakeApi } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render.tsx';
import { TrainingSection } from './training-section.tsx';

vi.setConfig({ testTimeout: 15_000 });
beforeAll(() => i18n.loadNamespaces(['mail']));

const DATA: mail.TrainingData = {
  mails: [
    {
      id: '1795000200.M3P1.host',
      folder: 'Junk',
      from: 'Deals <deals@shop.test>',
      subject: 'Cheap watches',
      timestamp: 1795000200,
      score: 9.8,
      type: 'spam',
      training_status: null,
    },
  ],
  spam: 2,
  ham: 1,
  total: 3,
  learning: true,
};

describe('spam training section', () => {
  it('sends the checked messages with the mark and shows the new status and counts', async () => {
    const { calls } = fakeApi()
      .on(account.getUser, USER)
      .on(mail.getTraining, DATA)
      .on(mail.saveTraining, {
        ...DATA,
        mails: [{ ...DATA.mails[0]!, training_status: 'spam' }],
        spam: 3,
        total: 4,
        skipped: [],
      });
    renderPage(<TrainingSection domain="a.nl" name="info" />, {
      path: ROUTES.mailaddressdetail,
      url: '/mail/a.nl/address/info',
    });
    const section = await screen.findByRole('region', { name: 'Spamtraining' });
    expect(await within(section).findByText('Cheap watches')).toBeInTheDocument();
    expect(within(section).getByText('Score 9,80')).toBeInTheDocument();
    expect(within(section).getByText('Spam: 2')).toBeInTheDocument();
    const spam = within(section).getByRole('button', { name: 'Markeer als spam' });
    expect(spam).toBeDisabled();
    const user = userEvent.setup({ delay: null });
    await user.click(within(section).getByRole('checkbox', { name: 'Selecteer Cheap watches' }));
    await user.click(spam);
    await waitFor(() => expect(within(section).getByText('Getraind als spam')).toBeInTheDocument());
    expect(within(section).getByText('Totaal: 4')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      ids: ['1795000200.M3P1.host'],
      mark: 'spam',
    });
  });
});
