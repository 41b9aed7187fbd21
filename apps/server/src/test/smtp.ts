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

  const server = mailCatcher((to, raw) => deliver({ to, raw, action: actionLinkOf(raw) }));
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

/**
 * A real SMTP server (not yet listening) that hands every mail it receives to onMail: its recipients, lower-cased,
 * and its raw text. Shared by these tests and the end-to-end run's edge (e2e/support/edge.ts).
 */
export function mailCatcher(onMail: (to: string[], raw: string) => void): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        onMail(
          session.envelope.rcptTo.map(({ address }) => address.toLowerCase()),
          Buffer.concat(chunks).toString('utf8'),
        );
        callback();
      });
    },
  });
}

/** Soft line breaks and =XX escapes undone: enough to read the links in nodemailer's quoted-printable parts. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The /auth-action link of a mail, if it has one. */
function actionLinkOf(raw: string): ReceivedMail['action'] {
  const match = /(https?:\/\/[^\s"<>]+\/auth-action\?mode=(\w+)&oobCode=([\w-]+))/.exec(decodeQuotedPrintable(raw));
  return match ? { url: match[1]!, mode: match[2]!, oobCode: match[3]! } : undefined;
}
