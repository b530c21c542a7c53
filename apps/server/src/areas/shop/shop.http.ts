import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TestCheckout, TestOutcome } from '../../platform/payments/payments.local.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { renderTestCheckout } from '../../platform/payments/test-checkout-page.ts';
import type { PaymentService } from './payment.service.ts';

const OUTCOMES: readonly TestOutcome[] = ['paid', 'failed', 'canceled'];
const FORM = 'application/x-www-form-urlencoded';

function language(query: unknown): 'nl' | 'en' {
  return (query as { lang?: unknown } | undefined)?.lang === 'en' ? 'en' : 'nl';
}

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);
}

function unknownPage(lang: 'nl' | 'en'): string {
  const text = lang === 'en' ? 'Unknown payment' : 'Onbekende betaling';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(text)}</title></head><body><main><h1>${escapeHtml(text)}</h1></main></body></html>`;
}

/**
 * The shop's routes outside the JSON contract: the payment provider's webhook (Mollie posts a
 * form `id=tr_...`) and, in the local profile, the test checkout page. The form parser lives in
 * this encapsulated scope only; the rest of the API keeps accepting JSON alone.
 */
export async function shopHttp(
  app: FastifyInstance,
  deps: { payments: PaymentService; testCheckout: TestCheckout | null },
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      FORM,
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    scope.post('/api/shopping/webhook', { bodyLimit: 4096 }, async (request) => {
      const body = request.body as Record<string, unknown> | undefined;
      await deps.payments.webhook(body?.id);
      return { ok: true };
    });

    const checkout = deps.testCheckout;
    if (!checkout) return;

    scope.get('/pay/test/:id', async (request, reply) => {
      const lang = language(request.query);
      const payment = await checkout.find((request.params as { id: string }).id);
      if (!payment) return html(reply, 404, unknownPage(lang));
      return html(reply, 200, renderTestCheckout(payment, lang));
    });

    scope.post('/pay/test/:id', { bodyLimit: 4096 }, async (request, reply) => {
      const lang = language(request.query);
      const id = (request.params as { id: string }).id;
      const outcome = (request.body as Record<string, unknown> | undefined)?.outcome;
      const chosen = OUTCOMES.find((o) => o === outcome);
      if (!chosen) return html(reply, 422, unknownPage(lang));
      const payment = await checkout.decide(id, chosen);
      if (!payment) return html(reply, 404, unknownPage(lang));
      // Report it the way Mollie does: a form POST to the webhook, through the same route.
      const hook = await app.inject({
        method: 'POST',
        url: '/api/shopping/webhook',
        headers: { 'content-type': FORM },
        payload: `id=${encodeURIComponent(id)}`,
      });
      if (hook.statusCode !== 200)
        request.log.error(
          { status: hook.statusCode, body: hook.body },
          'test checkout webhook failed',
        );
      return reply.redirect(payment.redirect_url, 303);
    });
  });
}
