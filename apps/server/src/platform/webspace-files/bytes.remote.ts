import http from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { jwtVerify, SignJWT } from 'jose';
import { deriveKey } from '../../lib/crypto.ts';
import { NodeUnavailableError, type NodeName } from '../node-bus/node-bus.port.ts';
import { WebspaceFilesError, type WebspaceFiles } from './webspace-files.port.ts';
import { webspaceFilesFailure } from './webspace-files.remote.ts';

/**
 * A file's bytes between the panel and a node outside the bus (a NATS message holds 1 MiB):
 * the node serves `GET /files?t=<token>`, the panel signs a token for one file of one domain on
 * that node, living seconds, and streams the answer on to the browser. Not wired into the agent
 * yet (docs/nodes.md, "Large transfers").
 */

/** How long a token lives: the panel uses it at once. */
export const BYTES_TOKEN_MS = 30_000;

/** What a token allows: reading one file of one domain on one node. */
export interface ByteGrant {
  domain: string;
  path: string;
}

/** The key of one node's byte endpoint, derived from the panel's secret (the node gets its own). */
export const bytesKey = (secret: Uint8Array, node: NodeName) =>
  new Uint8Array(Buffer.from(deriveKey(secret, `node-bytes:${node}`), 'base64url'));

const audience = (node: NodeName) => `haven-bytes:${node}`;

export function signGrant(key: Uint8Array, node: NodeName, grant: ByteGrant, now: number) {
  return new SignJWT({ d: grant.domain, p: grant.path })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(audience(node))
    .setExpirationTime(Math.floor((now + BYTES_TOKEN_MS) / 1000))
    .sign(key);
}

async function verifyGrant(key: Uint8Array, node: NodeName, token: string, now: number) {
  if (token.length > 2000) return null;
  try {
    const { payload } = await jwtVerify(token, key, {
      audience: audience(node),
      algorithms: ['HS256'],
      currentDate: new Date(now),
    });
    const { d, p } = payload;
    return typeof d === 'string' && typeof p === 'string' ? { domain: d, path: p } : null;
  } catch {
    return null;
  }
}

const STATUS: Record<string, number> = { not_found: 404, unavailable: 503, too_large: 413 };

/**
 * The node's endpoint: a valid token's file as a stream (openRead: confined to the home, a file
 * with more hard links refused), with its size; a refusal is its status and `x-haven-reason`.
 */
export function bytesHandler(deps: {
  files: WebspaceFiles;
  key: Uint8Array;
  node: NodeName;
  now: () => number;
}) {
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://node');
    const grant =
      req.method === 'GET' && url.pathname === '/files'
        ? await verifyGrant(deps.key, deps.node, url.searchParams.get('t') ?? '', deps.now())
        : null;
    if (!grant) return void res.writeHead(403).end();
    let file: Awaited<ReturnType<WebspaceFiles['openRead']>>;
    try {
      file = await deps.files.openRead(grant.domain, grant.path);
    } catch (error) {
      const reason = error instanceof WebspaceFilesError ? error.reason : 'failed';
      return void res.writeHead(STATUS[reason] ?? 409, { 'x-haven-reason': reason }).end();
    }
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': file.size,
      'x-haven-name': encodeURIComponent(file.name),
    });
    // A browser that goes away ends the read on the node too.
    await pipeline(file.stream, res).catch(() => undefined);
  };
}

/** The panel's side: one file of a domain on `node` (its endpoint at `base`), as a stream. */
export async function readFromNode(
  target: { node: NodeName; base: URL; key: Uint8Array },
  grant: ByteGrant,
  now: number,
): Promise<{ stream: Readable; size: number; name: string }> {
  const token = await signGrant(target.key, target.node, grant, now);
  const url = new URL(`files?t=${token}`, target.base);
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(url, resolve).on('error', (error) => {
      reject(
        new NodeUnavailableError(target.node, `node ${target.node} did not answer`, {
          cause: error,
        }),
      );
    });
  });
  if (res.statusCode !== 200) {
    res.resume();
    const reason = String(res.headers['x-haven-reason'] ?? 'failed');
    throw webspaceFilesFailure({
      reason,
      message: `node ${target.node} answered ${res.statusCode}`,
    });
  }
  return {
    stream: res,
    size: Number(res.headers['content-length']),
    name: decodeURIComponent(String(res.headers['x-haven-name'] ?? '')),
  };
}
