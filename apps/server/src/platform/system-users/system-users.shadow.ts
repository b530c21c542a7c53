import { run } from '../../lib/process.ts';
import { SYSTEM_NAME, type SystemAccount, type SystemUsers } from './system-users.port.ts';
import { createInTurn } from '../../lib/in-turn.ts';

const NOLOGIN = '/usr/sbin/nologin';

/** getent's fields of a user (name:x:uid:gid:gecos:home:shell), or null. */
async function passwdEntry(name: string): Promise<string[] | null> {
  const res = await run('getent', ['passwd', name], { timeoutMs: 5000 });
  return res.code === 0 ? res.stdout.trim().split(':') : null;
}

async function groupName(gid: string): Promise<string | null> {
  const res = await run('getent', ['group', gid], { timeoutMs: 5000 });
  return res.code === 0 ? (res.stdout.split(':')[0] ?? null) : null;
}

async function groupMembers(name: string): Promise<string[] | null> {
  const res = await run('getent', ['group', name], { timeoutMs: 5000 });
  if (res.code !== 0) return null;
  return (res.stdout.trim().split(':')[3] ?? '').split(',').filter(Boolean);
}

function checkName(name: string): void {
  // The name reaches argv of useradd and friends: only Haven's own generated names pass.
  if (!SYSTEM_NAME.test(name)) throw new Error(`not a system user name Haven makes: ${name}`);
}

/**
 * The shadow tools (`groupadd`, `useradd`, `usermod`, `userdel`, `groupdel`), argv only. They
 * lock /etc/passwd and /etc/group: two panels (or test files) adding at once may meet a lock,
 * so a refusal is retried a few times before it counts.
 */
export function createShadowSystemUsers(): SystemUsers {
  const serialize = createInTurn();

  async function tool(cmd: string, args: string[], ok: number[] = [0]): Promise<number> {
    let last = '';
    for (let attempt = 0; attempt < 8; attempt++) {
      const res = await run(cmd, args, { timeoutMs: 30_000 });
      if (ok.includes(res.code)) return res.code;
      last = `${cmd} exited ${res.code}: ${res.stderr.trim()}`;
      if (!/lock|try again/i.test(res.stderr)) break;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * (attempt + 1)));
    }
    throw new Error(last);
  }

  async function find(name: string): Promise<SystemAccount | null> {
    checkName(name);
    const entry = await passwdEntry(name);
    if (!entry) return null;
    const [, , uid, gid] = entry;
    const group = gid === undefined ? null : await groupName(gid);
    if (uid === undefined || gid === undefined || !group) return null;
    return { user: name, group, uid: Number(uid), gid: Number(gid) };
  }

  return {
    find,

    ensure: (name, { home, comment, members }) =>
      serialize(async () => {
        checkName(name);
        for (const m of members) checkName(m);
        let created = false;
        const entry = await passwdEntry(name);
        if (entry && entry[4] !== comment)
          throw new Error(
            `system user ${name} exists and is not Haven's for this domain (${entry[4] ?? ''}): see HAVEN_DOMAIN_USER_PREFIX`,
          );
        if (!entry) {
          // Exit 9: the group is there already (a run that stopped between the two steps).
          await tool('groupadd', [name], [0, 9]);
          // Exit 9: another process (the CLI beside the server) made it just now; checked below.
          const code = await tool(
            'useradd',
            [
              ...['--gid', name, '--no-user-group', '--no-create-home'],
              ...['--home-dir', home, '--shell', NOLOGIN, '--comment', comment, name],
            ],
            [0, 9],
          );
          const made = await passwdEntry(name);
          if (code === 9 && made?.[4] !== comment)
            throw new Error(`system user ${name} exists and is not Haven's (${made?.[4] ?? ''})`);
          created = code === 0;
        }
        const have = (await groupMembers(name)) ?? [];
        for (const m of members)
          if (!have.includes(m)) await tool('usermod', ['--append', '--groups', name, m]);
        const account = await find(name);
        if (!account) throw new Error(`system user ${name} was not created`);
        return { account, created };
      }),

    remove: (name, comment) =>
      serialize(async () => {
        checkName(name);
        const entry = await passwdEntry(name);
        if (entry && entry[4] !== comment) return false;
        // Exit 6: already gone (another run, or the operator).
        if (entry) await tool('userdel', [name], [0, 6]);
        if ((await groupMembers(name)) !== null) await tool('groupdel', [name], [0, 6]);
        return entry !== null;
      }),
  };
}
