import type { AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { run } from '../src/lib/process.ts';

/**
 * A test-only HTTPS stand-in that answers as Mollie's documented Payments API v2 does
 * (create payment, get payment, the error shape), plus controls a test needs: move a payment
 * to a status as a customer would, and deliver its webhook the way Mollie does (a form POST of
 * `id=tr_...`), as often as asked. It listens on 127.0.0.1 only, on a port the OS picks (`origin`).
 */
export interface StandInPayment {
  id: string;
  status: string;
  amount: { currency: string; value: string };
  description: string;
  redirectUrl: string;
  webhookUrl: string | null;
  metadata: unknown;
  method: unknown;
  locale: unknown;
  createdAt: string;
}

export interface MollieStandIn {
  /** `https://127.0.0.1:<port>`: where the stand-in listens. */
  origin: string;
  /** The API endpoint to configure (`MOLLIE_API_ENDPOINT`). */
  url: string;
  payments: Map<string, StandInPayment>;
  /** Every request as `METHOD /path`. */
  requests: string[];
  /** Bodies of create calls, as sent. */
  creates: Record<string, unknown>[];
  /** The next create answers this status with a Mollie error body. */
  failNextCreate: number | null;
  setStatus(id: string, status: string): void;
  deliverWebhook(id: string): Promise<number>;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/hal+json' });
  res.end(JSON.stringify(body));
}

function error(
  res: ServerResponse,
  status: number,
  title: string,
  detail: string,
  field?: string,
): void {
  send(res, status, {
    status,
    title,
    detail,
    ...(field ? { field } : {}),
    _links: {
      documentation: {
        href: 'https://docs.mollie.com/overview/handling-errors',
        type: 'text/html',
      },
    },
  });
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

export async function startMollieStandIn(opts: {
  key: string;
  cert: string;
  apiKey: string;
}): Promise<MollieStandIn> {
  let base = '';
  const payments = new Map<string, StandInPayment>();
  const byIdempotencyKey = new Map<string, string>();
  const toJson = (p: StandInPayment) => ({
    resource: 'payment',
    id: p.id,
    mode: 'test',
    createdAt: p.createdAt,
    amount: p.amount,
    description: p.description,
    method: null,
    metadata: p.metadata,
    status: p.status,
    isCancelable: false,
    profileId: 'pfl_standin01',
    sequenceType: 'oneoff',
    redirectUrl: p.redirectUrl,
    webhookUrl: p.webhookUrl,
    locale: p.locale,
    ...(p.status === 'paid' ? { paidAt: new Date().toISOString() } : {}),
    _links: {
      self: { href: `${base}/v2/payments/${p.id}`, type: 'application/hal+json' },
      ...(p.status === 'open'
        ? { checkout: { href: `${base}/checkout/select-method/${p.id}`, type: 'text/html' } }
        : {}),
      documentation: {
        href: 'https://docs.mollie.com/reference/create-payment',
        type: 'text/html',
      },
    },
  });

  const standIn: MollieStandIn = {
    origin: '',
    url: '',
    payments,
    requests: [],
    creates: [],
    failNextCreate: null,
    setStatus(id, status) {
      const p = payments.get(id);
      if (!p) throw new Error(`no payment ${id}`);
      p.status = status;
    },
    async deliverWebhook(id) {
      const p = payments.get(id);
      if (!p?.webhookUrl) throw new Error(`no webhook for ${id}`);
      const res = await fetch(p.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `id=${id}`,
      });
      return res.status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer({ key: opts.key, cert: opts.cert }, (req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      standIn.requests.push(`${req.method} ${path}`);
      if (req.headers.authorization !== `Bearer ${opts.apiKey}`)
        return error(
          res,
          401,
          'Unauthorized Request',
          'Missing authentication, or failed to authenticate',
        );
      if (req.method === 'POST' && path === '/v2/payments') {
        const body = await readJson(req);
        standIn.creates.push(body);
        if (standIn.failNextCreate) {
          const status = standIn.failNextCreate;
          standIn.failNextCreate = null;
          return error(
            res,
            status,
            'Unprocessable Entity',
            'The payment could not be created',
            'amount',
          );
        }
        const amount = body.amount as { currency?: unknown; value?: unknown } | undefined;
        if (
          amount?.currency !== 'EUR' ||
          typeof amount.value !== 'string' ||
          !/^\d+\.\d{2}$/.test(amount.value)
        ) {
          return error(res, 422, 'Unprocessable Entity', 'The amount is invalid', 'amount.value');
        }
        if (typeof body.description !== 'string' || typeof body.redirectUrl !== 'string') {
          return error(
            res,
            422,
            'Unprocessable Entity',
            'The description and redirect URL are required',
            'description',
          );
        }
        const key = req.headers['idempotency-key'];
        const earlier = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
        if (earlier) return send(res, 201, toJson(payments.get(earlier) as StandInPayment));
        const p: StandInPayment = {
          id: `tr_${randomBytes(5).toString('hex')}`,
          status: 'open',
          amount: { currency: 'EUR', value: amount.value },
          description: body.description,
          redirectUrl: body.redirectUrl,
          webhookUrl: typeof body.webhookUrl === 'string' ? body.webhookUrl : null,
          metadata: body.metadata ?? null,
          method: body.method ?? null,
          locale: body.locale ?? null,
          createdAt: new Date().toISOString(),
        };
        payments.set(p.id, p);
        if (typeof key === 'string') byIdempotencyKey.set(key, p.id);
        return send(res, 201, toJson(p));
      }
      const get = /^\/v2\/payments\/([A-Za-z0-9_]+)$/.exec(path);
      if (req.method === 'GET' && get) {
        const p = payments.get(get[1] ?? '');
        return p
          ? send(res, 200, toJson(p))
          : error(res, 404, 'Not Found', `No payment exists with token ${get[1]}.`);
      }
      return error(res, 404, 'Not Found', 'The resource does not exist');
    })().catch((e: unknown) => error(res, 500, 'Internal Server Error', String(e)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.origin = base;
  standIn.url = `${base}/v2/`;
  return standIn;
}

/** A throwaway self-signed certificate for 127.0.0.1, or null when openssl is missing. */
async function opensslInstalled(): Promise<boolean> {
  try {
    await run('openssl', ['version'], { timeoutMs: 30_000 });
    return true;
  } catch (error) {
    if ((error as { cause?: { code?: unknown } }).cause?.code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * A throwaway certificate for 127.0.0.1, or null only when `openssl` is not installed. A slow
 * machine must not turn into a silent skip: the check waits as long as the certificate may take.
 */
export async function selfSignedCert(dir: string): Promise<{ key: string; cert: string } | null> {
  if (!(await opensslInstalled())) {
    if (process.env.CI)
      throw new Error('openssl is required for the Mollie flow tests (the CI installs it)');
    return null;
  }
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  const r = await run(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { timeoutMs: 30_000 },
  );
  if (r.code !== 0) throw new Error(`openssl failed: ${r.stderr}`);
  return { key: await readFile(key, 'utf8'), cert: await readFile(cert, 'utf8') };
}
