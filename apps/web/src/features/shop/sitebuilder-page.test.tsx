import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WAIT } from '../../test/wait.ts';
import type { SitebuilderState } from '@haven/contract/sitebuilder';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp, USER } from '../../test/app-harness.tsx';
import * as account from '@haven/contract/account';
import * as sitebuilder from '@haven/contract/sitebuilder';
import { fakeApi, type FakeReply } from '../../test/fake-fetch.ts';
import { browser } from './api.ts';

let stop: () => void = () => {};
afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

function open(
  state: SitebuilderState,
  openAnswer: FakeReply<typeof sitebuilder.openSitebuilder> = {
    url: 'https://builder.example/sso?t=x',
  },
) {
  authStore.setToken('tok');
  const { calls } = fakeApi()
    .on(account.getUser, USER)
    .on(sitebuilder.getSitebuilder, state)
    .on(sitebuilder.openSitebuilder, openAnswer);
  const app = renderApp('/sitebuilder/a.nl');
  stop = app.stop;
  return { ...app, calls };
}

const PRO = { id: 9, name: { nl: 'SiteBuilder Pro', en: 'SiteBuilder Pro' }, pages: 250 };

describe('the site builder screen', { timeout: 15_000 }, () => {
  it('opens the configured site builder for an owner', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const user = userEvent.setup();
    open({ sitebuilder: true, legacy: false, product: PRO, configured: true });
    expect(await screen.findByText('SiteBuilder Pro')).toBeInTheDocument();
    expect(screen.getByText("tot 250 pagina's")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'SiteBuilder openen' }));
    await vi.waitFor(
      () => expect(go).toHaveBeenCalledWith('https://builder.example/sso?t=x'),
      WAIT,
    );
  });

  it('says when the operator has not set one up', async () => {
    open({ sitebuilder: true, legacy: false, product: PRO, configured: false });
    expect(await screen.findByText(/nog niet ingericht/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SiteBuilder openen' })).toBeNull();
  });

  it('explains the unsupported legacy product and offers an order instead', async () => {
    open({ sitebuilder: false, legacy: true, product: null, configured: true });
    expect(
      await screen.findByText(/sinds 1 januari 2022 niet meer ondersteund/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SiteBuilder bestellen' })).toHaveAttribute(
      'href',
      '/upgrade/a.nl/step/sitebuilder',
    );
  });
});
