import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MailListsStore } from './mail-lists.store.ts';
import { confirmPage, donePage, invalidPage, type PageLanguage } from './unsubscribe-page.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

const PATH = '/mail-list/unsubscribe/:token';

function language(request: FastifyRequest): PageLanguage {
  const accept = request.headers['accept-language'] ?? '';
  return /^\s*en\b/i.test(accept) ? 'en' : 'nl';
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);

/**
 * The List-Unsubscribe link (no login: the signed token is the proof): GET shows a confirm page,
 * POST removes the subscriber — also RFC 8058's one-click POST that mail clients send
 * (`List-Unsubscribe=One-Click`), so a link scanner's GET never unsubscribes anyone.
 */
export async function mailListsHttp(
  app: FastifyInstance,
  deps: { store: MailListsStore; tokens: UnsubscribeTokens },
): Promise<void> {
  async function lookup(request: FastifyRequest) {
    const { token } = request.params as { token: string };
    const claim = await deps.tokens.verify(token);
    if (!claim) return null;
    const list = await deps.store.listById(claim.listId);
    if (!list) return null;
    const domain = await deps.store.domainName(list.domain_id);
    return { claim, list, name: `${list.name}@${domain ?? ''}` };
  }

  await app.register(async (scope) => {
    // Any body (a one-click form, an empty POST) is read as text and not needed further.
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_r, body, done) =>
      done(null, body),
    );
    scope.get(PATH, async (request, reply) => {
      const found = await lookup(request);
      if (!found) return html(reply, 404, invalidPage(language(request)));
      return html(reply, 200, confirmPage(language(request), found.claim.email, found.name));
    });
    scope.post(PATH, { bodyLimit: 4096 }, async (request, reply) => {
      const found = await lookup(request);
      if (!found) return html(reply, 404, invalidPage(language(request)));
      // Already gone is fine: the link did what it says.
      await deps.store.deleteSubscriber(found.list.id, found.claim.email);
      return html(reply, 200, donePage(language(request), found.claim.email, found.name));
    });
  });
}
