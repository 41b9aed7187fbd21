import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string[];
  raw: string;
  /** The /auth-action link of the mail's text part, if it has one. */
  action?: { url: string; mode: string; oobCode: string };
};

export type TestSmtpServer = {
  url: string;
  /** The next mail to this address: one already received and not yet taken, or the next to arrive. */
  nextMail(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/** A real SMTP server on a free loopback port that keeps what it receives, for the mail flows' tests. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received = new Map<string, ReceivedMail[]>();
  const waiting = new Map<string, ((mail: ReceivedMail) => void)[]>();

  const deliver = (mail: ReceivedMail) => {
    for (const to of mail.to) {
      const waiter = waiting.get(to)?.shift();
      if (waiter) waiter(mail);
      else received.set(to, [...(received.get(to) ?? []), mail]);
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        deliver({ to: session.envelope.rcptTo.map(({ address }) => address.toLowerCase()), raw, action: actionLinkOf(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    nextMail(to) {
      const address = to.toLowerCase();
      const queued = received.get(address)?.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve) => waiting.set(address, [...(waiting.get(address) ?? []), resolve]));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable (soft line breaks and =XX escapes), then finds the action link. */
function actionLinkOf(raw: string): ReceivedMail['action'] {
  const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = /(https?:\/\/[^\s"<>]+\/auth-action\?mode=(\w+)&oobCode=([\w-]+))/.exec(decoded);
  return match ? { url: match[1]!, mode: match[2]!, oobCode: match[3]! } : undefined;
}
