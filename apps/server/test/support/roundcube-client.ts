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

  /** Roundcube's own login form, as a person fills it in (its request token and cookies). */
  async function loginForm(base: string, user: string, pass: string) {
    const page = await get(base);
    const token = /name="_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const res = await fetch(new URL('./?_task=login', base), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        _token: token,
        _task: 'login',
        _action: 'login',
        _timezone: 'Europe/Amsterdam',
        _user: user,
        _pass: pass,
      }).toString(),
    });
    keep(res);
    const location = res.headers.get('location');
    return location
      ? get(new URL(location, base).toString())
      : { status: res.status, body: await res.text() };
  }

  /** The signed-in inbox's message list (what Roundcube's page asks for over XHR). */
  async function inboxList(base: string, page: string): Promise<string> {
    const token = /"request_token":"([^"]+)"/.exec(page)?.[1];
    if (!token) throw new Error('no request token in the page: not signed in');
    const url = new URL('./?_task=mail&_action=list&_mbox=INBOX&_remote=1', base).toString();
    const res = await get(url, { 'X-Roundcube-Request': token });
    return res.body;
  }

  return { get, inboxList, loginForm, jar };
}
