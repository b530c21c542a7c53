import { nodes } from '@haven/contract';
import { saveAgentLogin, type AgentLogin } from '../platform/node-bus/agent-login-file.ts';

export class EnrolError extends Error {}

/**
 * `haven agent --enrol TOKEN --panel URL`: trades the one-time token at the panel's enrolment
 * endpoint for this node's NATS login and saves it (0600) in the agent's folder. The panel's
 * URL should be https: the answer carries the node's password.
 */
export async function enrolAgent(
  panelUrl: string,
  token: string,
  dir: string,
): Promise<AgentLogin> {
  const url = new URL(nodes.enrol.path, panelUrl);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new EnrolError(`the panel at ${url.origin} did not answer: ${String(error)}`);
  }
  if (res.status === 401) throw new EnrolError('the token is unknown, used or expired');
  if (!res.ok)
    throw new EnrolError(`the panel refused the enrolment (${res.status}): ${await res.text()}`);
  const parsed = nodes.enrol.response.safeParse(await res.json());
  if (!parsed.success) throw new EnrolError('the panel answered something else than a login');
  const { node, roles, nats } = parsed.data;
  return saveAgentLogin(
    dir,
    { node, roles, servers: nats.servers, user: nats.user, password: nats.password },
    nats.ca,
  );
}
