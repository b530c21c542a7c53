import type { SitebuilderState } from '@haven/contract';
import { fail, notFound } from './sitebuilder.errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { SitebuilderStore } from './sitebuilder.store.ts';
import { signOnToken } from './sign-on.ts';

export interface SitebuilderConfig {
  /** Address template with `{domain}` and `{token}`; undefined when the operator set none. */
  url: string | undefined;
  secret: string | undefined;
  issuer: string;
}

/** A sign-on token lives this long: enough to follow the link, too short to share it. */
export const SIGN_ON_SECONDS = 300;

export function createSitebuilderService(deps: {
  store: SitebuilderStore;
  config: SitebuilderConfig;
  clock: Clock;
}) {
  const { url, secret } = deps.config;
  // A template that wants a token needs the secret to sign it.
  const configured = Boolean(url && (!url.includes('{token}') || secret));

  return {
    async state(domain: DomainRef): Promise<SitebuilderState> {
      const s = await deps.store.state(domain.id);
      if (!s) throw notFound();
      return {
        sitebuilder: s.product !== null,
        legacy: s.legacy,
        product: s.product
          ? {
              id: s.product.id,
              name: { nl: s.product.name_nl, en: s.product.name_en },
              pages: s.product.pages,
            }
          : null,
        configured,
      };
    },

    /** The address that opens the builder for this domain, signed for a few minutes. */
    async open(domain: DomainRef): Promise<{ url: string }> {
      const s = await deps.store.state(domain.id);
      if (!s) throw notFound();
      if (!s.product) throw fail(s.legacy ? 'has_legacy' : 'sitebuilder_not_owned', 'conflict');
      if (!configured || !url) throw fail('sitebuilder_not_configured', 'unavailable');
      let token = '';
      if (url.includes('{token}') && secret) {
        const now = Math.floor(deps.clock.now() / 1000);
        token = signOnToken(secret, {
          sub: domain.name,
          iss: deps.config.issuer,
          iat: now,
          exp: now + SIGN_ON_SECONDS,
          product: s.product.id,
          pages: s.product.pages,
        });
      }
      return {
        url: url
          .replaceAll('{domain}', encodeURIComponent(domain.name))
          .replaceAll('{token}', encodeURIComponent(token)),
      };
    },
  };
}
export type SitebuilderService = ReturnType<typeof createSitebuilderService>;
