import { connect } from 'node:net';

/**
 * One message into a panel's hosting node, as another mail server would hand it over: a plain
 * SMTP dialogue with its Postfix on 127.0.0.1 (the e2e workspace has no mail library).
 */
export async function sendMail(
  port: number,
  to: string,
  subject: string,
  text = 'Hello from the e2e run.',
): Promise<void> {
  const socket = connect({ host: '127.0.0.1', port });
  socket.setEncoding('utf8');
  let buffer = '';
  const waiting: ((line: string) => void)[] = [];
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    // A reply is complete at a line `NNN text` (a `NNN-` line continues it).
    for (let m = /^(\d{3}) .*\r\n/m.exec(buffer); m; m = /^(\d{3}) .*\r\n/m.exec(buffer)) {
      buffer = buffer.slice(m.index + m[0].length);
      waiting.shift()?.(m[0]);
    }
  });
  const reply = () =>
    new Promise<string>((resolve, reject) => {
      waiting.push(resolve);
      socket.once('error', reject);
    });
  const say = async (line: string, code: string) => {
    const answer = reply();
    socket.write(`${line}\r\n`);
    const got = await answer;
    if (!got.startsWith(code)) throw new Error(`SMTP ${line.split(' ')[0]}: ${got.trim()}`);
  };
  try {
    if (!(await reply()).startsWith('220')) throw new Error('SMTP: no greeting');
    await say('EHLO e2e.test', '250');
    await say('MAIL FROM:<sender@elsewhere.test>', '250');
    await say(`RCPT TO:<${to}>`, '250');
    await say('DATA', '354');
    const body = [
      'From: Sender <sender@elsewhere.test>',
      `To: <${to}>`,
      `Subject: ${subject}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@e2e.test>`,
      '',
      text,
      '.',
    ].join('\r\n');
    await say(body, '250');
    await say('QUIT', '221');
  } finally {
    socket.destroy();
  }
}
