import type { TestApp, TestCustomer } from '../helper.ts';

/**
 * Mailboxes `<name>@<customer's domain>` made through the panel's API, as a customer would, each
 * with `password` and no forwarding or aliases. Throws with the answer when one is refused.
 */
export async function addMailboxes(
  t: TestApp,
  c: TestCustomer,
  token: string,
  names: readonly string[],
  password: string,
): Promise<void> {
  for (const name of names) {
    const res = await t.call({
      method: 'POST',
      url: `/api/${c.domain}/mail/account/address`,
      token,
      payload: { name, password, passwordRepeat: password, forwarding: { address: [] }, alias: [] },
    });
    if (res.statusCode !== 200) throw new Error(`mailbox ${name}: ${res.statusCode} ${res.body}`);
  }
}
