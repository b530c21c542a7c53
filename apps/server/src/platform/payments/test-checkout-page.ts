import { escapeHtml } from '../../lib/escape-html.ts';
import type { TestPayment } from './payments.local.ts';

const TEXT = {
  nl: {
    title: 'Testbetaling',
    notice: 'Dit is de testkassa van Haven. Er wordt geen geld afgeschreven.',
    amount: 'Bedrag',
    description: 'Omschrijving',
    pay: 'Betalen',
    fail: 'Betaling laten mislukken',
    cancel: 'Annuleren',
    done: 'Deze betaling is al afgerond',
    back: 'Terug naar het controlepaneel',
    status: {
      open: 'open',
      paid: 'betaald',
      failed: 'mislukt',
      canceled: 'geannuleerd',
      expired: 'verlopen',
    },
  },
  en: {
    title: 'Test payment',
    notice: 'This is the test checkout of Haven. No money is charged.',
    amount: 'Amount',
    description: 'Description',
    pay: 'Pay',
    fail: 'Make the payment fail',
    cancel: 'Cancel',
    done: 'This payment is already finished',
    back: 'Back to the control panel',
    status: {
      open: 'open',
      paid: 'paid',
      failed: 'failed',
      canceled: 'canceled',
      expired: 'expired',
    },
  },
} as const;

function euro(cents: number): string {
  return new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/*
 * Plain HTML with a form POST and no script at all, so it passes the panel's strict CSP. The
 * one style element is allowed by the CSP's style-src. The pay button is the panel's teal.9:
 * white on it keeps 5:1 (the green it had was 3.4:1).
 */
const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f1f3f5;color:#212529}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px #0002}
h1{font-size:1.4rem;margin-top:0}.notice{background:#fff3bf;padding:.75rem;border-radius:6px}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}dt{font-weight:600}
form{display:flex;flex-direction:column;gap:.5rem}button{font-size:1rem;padding:.75rem;border-radius:6px;border:1px solid #ced4da;cursor:pointer}
button.pay{background:#087f5b;color:#fff;border-color:#087f5b}button:focus-visible,a:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}`;

export function renderTestCheckout(payment: TestPayment, language: 'nl' | 'en'): string {
  const t = TEXT[language];
  const id = escapeHtml(payment.id);
  const body =
    payment.status === 'open'
      ? `<form method="post" action="/pay/test/${id}?lang=${language}">
<button class="pay" type="submit" name="outcome" value="paid">${t.pay}</button>
<button type="submit" name="outcome" value="failed">${t.fail}</button>
<button type="submit" name="outcome" value="canceled">${t.cancel}</button>
</form>`
      : `<p>${t.done}: <strong>${t.status[payment.status]}</strong>.</p><p><a href="${escapeHtml(payment.redirect_url)}">${t.back}</a></p>`;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title><style>${STYLE}</style></head>
<body><main>
<h1>${t.title}</h1>
<p class="notice" role="note">${t.notice}</p>
<dl><dt>${t.description}</dt><dd>${escapeHtml(payment.description)}</dd><dt>${t.amount}</dt><dd>${escapeHtml(euro(payment.amount_cents))}</dd></dl>
${body}
</main></body></html>`;
}
