import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as account from '@haven/contract/account';
import * as cron from '@haven/contract/cron';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp, USER } from '../../test/app-harness.tsx';
import { fakeApi } from '../../test/fake-fetch.ts';

// The first screen of a file loads its lazy chunks cold: give it more time on a busy machine.
configure({ asyncUtilTimeout: 20_000 });

let stop: () => void = () => {};
afterEach(() => stop());

const JOB: cron.Cronjob = {
  hash: 'a1b2c3d4e5f60718',
  name: 'stempel',
  user: 'blogger',
  app: 'command',
  paused: false,
  jobs: [
    {
      minute: '0',
      hour: '*',
      day: '*',
      month: '*',
      dayofweek: '*',
      command: {
        command: 'date +%s > stamp',
        script_root: '/',
        script_dir: '',
        script_file: '',
        logging: false,
        logging_mode: 'append',
        logging_path: '',
      },
    },
  ],
  last_run: null,
};

function open(job: cron.Cronjob) {
  authStore.setToken('token');
  fakeApi()
    .on(account.getUser, USER)
    .on(account.getGeneralNotifications, { notifications: [] })
    .on(account.getDomainNotifications, { notifications: [] })
    .on(cron.getCronOverview, {
      premium: true,
      users: ['blogger'],
      apps: [{ value: 'command', text: 'command' }],
      timezone: 'Europe/Amsterdam',
    })
    .on(cron.getCronjob, { job, runs: [] });
  const app = renderApp(`/webhosting/a.nl/cronjob/blogger/${job.hash}`);
  stop = app.stop;
  return app;
}

describe('cron job detail', { timeout: 60_000 }, () => {
  it('lists the next runs of an active job, with its % command as it was saved', async () => {
    open(JOB);
    expect(await screen.findByRole('list', { name: 'Volgende keren' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Commando' })).toHaveValue('date +%s > stamp');
  });

  it('shows no next runs for a paused job: it says it is paused instead', async () => {
    open({ ...JOB, paused: true });
    expect(
      await screen.findByText('Geen volgende keren: deze job is gepauzeerd.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Volgende keren' })).not.toBeInTheDocument();
  });
});
