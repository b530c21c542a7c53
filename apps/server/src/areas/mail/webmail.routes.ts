import { mail as api } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { WebmailService } from './webmail.service.ts';

export function webmailRoutes(bind: Bind, webmail: WebmailService): void {
  bind(api.getWebmail, async () => webmail.info());
  bind(api.openWebmail, async ({ principal, domain, params }) =>
    webmail.open(principal, domain, params.name),
  );
  bind(api.redeemWebmail, async ({ body }) => webmail.redeem(body.token, body.key));
}
