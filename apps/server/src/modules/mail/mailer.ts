import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link the mail carries; the development outbox logs it so a local user can follow it. */
  link?: string;
};

export type Mailer = {
  readonly kind: 'smtp' | 'outbox';
  /** Sends now; a failure rejects. */
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Writes a mail (compose may find there is none to send) and sends it, all without making the caller wait: for
   * answers whose timing must not tell whether an account exists (password reset, resend). A failure is logged.
   */
  sendInBackground(compose: () => Promise<OutgoingMail | undefined>): void;
  /** Resolves once every background send has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
};

type Delivery = { kind: Mailer['kind']; deliver(mail: OutgoingMail): Promise<void>; close(): Promise<void> };

/** nodemailer over SMTP_URL when it is set; otherwise the development outbox table. */
export function createMailer(options: { smtpUrl?: string; from: string; db: Db; log: FastifyBaseLogger }): Mailer {
  const delivery = options.smtpUrl ? smtpDelivery(options.smtpUrl, options.from) : outboxDelivery(options.db, options.log);
  const pending = new Set<Promise<void>>();
  return {
    kind: delivery.kind,
    send: (mail) => delivery.deliver(mail),
    sendInBackground(compose) {
      const sending = compose()
        .then(async (mail) => {
          if (!mail) return;
          await delivery.deliver(mail).catch((error: unknown) => options.log.error({ err: error, subject: mail.subject }, 'Sending a mail failed'));
        })
        .catch((error: unknown) => options.log.error({ err: error }, 'Preparing a mail failed'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async idle() {
      await Promise.all(pending);
    },
    async close() {
      await Promise.all(pending);
      await delivery.close();
    },
  };
}

function smtpDelivery(smtpUrl: string, from: string): Delivery {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    async close() {
      transport.close();
    },
  };
}

function outboxDelivery(db: Db, log: FastifyBaseLogger): Delivery {
  return {
    kind: 'outbox',
    async deliver(mail) {
      await db.insert(mailOutbox).values({ recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html, link: mail.link });
      log.info({ to: mail.to, subject: mail.subject, link: mail.link }, `Development outbox (SMTP_URL unset): ${mail.link ?? mail.subject}`);
    },
    async close() {},
  };
}
