/** A browser's part for Roundcube in tests: GET with a cookie jar, following redirects. */
export function roundcubeClient() {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      // Roundcube deletes a cookie by sending `-del-` with an expiry in the past.
      if (!value || value === '-del-' || /expires=[^;]*1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  };

  async function get(url: string, headers: Record<string, string> = {}) {
    let current = url;
    const visited: string[] = [];
    for (let hop = 0; hop < 6; hop++) {
      visited.push(current);
      const res = await fetch(current, {
        redirect: 'manual',
        headers: { ...headers, cookie: cookie() },
      });
      keep(res);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        current = new URL(location, current).toString();
        continue;
      }
      return { status: res.status, url: current, visited, body: await res.text() };
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** The signed-in inbox's message list (what Roundcube's page asks for over XHR). */
  async function inboxList(base: string, page: string): Promise<string> {
    const token = /"request_token":"([^"]+)"/.exec(page)?.[1];
    if (!token) throw new Error('no request token in the page: not signed in');
    const url = new URL('./?_task=mail&_action=list&_mbox=INBOX&_remote=1', base).toString();
    const res = await get(url, { 'X-Roundcube-Request': token });
    return res.body;
  }

  return { get, inboxList, jar };
}
