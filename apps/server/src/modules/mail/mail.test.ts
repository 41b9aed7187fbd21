import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { openTestDatabase } from '../../test/database';
import { startTestSmtpServer } from '../../test/smtp';
import { createMailer } from './mailer';
import { confirmationMail, passwordResetMail } from './messages';

/** A logger that keeps what it is given, to see the outbox's link in the log. */
function recordingLogger() {
  const lines: { level: string; object: unknown; message?: string }[] = [];
  const record = (level: string) => (object: unknown, message?: string) => lines.push({ level, object, message });
  const logger = { info: record('info'), error: record('error'), warn: record('warn'), debug: record('debug') } as unknown as FastifyBaseLogger;
  return { logger, lines };
}

describe('mail', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('keeps every mail in the development outbox and logs its link when SMTP_URL is unset', async () => {
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ from: 'Slipstream <no-reply@localhost>', db: database.db, log: logger });
    expect(mailer.kind).toBe('outbox');
    const link = 'http://localhost:3000/auth-action?mode=verifyEmail&oobCode=abc';
    await mailer.send(confirmationMail('valtteri@example.com', link, 24));
    mailer.sendInBackground(async () => passwordResetMail('valtteri@example.com', link.replace('verifyEmail', 'resetPassword'), 1));
    await mailer.idle();

    const stored = await database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(stored.map(({ recipient, subject, link: mailed }) => ({ recipient, subject, link: mailed }))).toEqual([
      { recipient: 'valtteri@example.com', subject: 'Confirm your Slipstream account', link },
      { recipient: 'valtteri@example.com', subject: 'Reset your Slipstream password', link: link.replace('verifyEmail', 'resetPassword') },
    ]);
    expect(stored[0]?.text).toContain('The link works for 24 hours');
    expect(stored[1]?.text).toContain('The link works once, for 1 hour');
    expect(lines.filter(({ level }) => level === 'info').map(({ message }) => message)).toEqual([
      `Development outbox (SMTP_URL unset): ${link}`,
      `Development outbox (SMTP_URL unset): ${link.replace('verifyEmail', 'resetPassword')}`,
    ]);
  });

  it('sends over SMTP when SMTP_URL is set, and logs a background failure instead of throwing', async () => {
    const smtp = await startTestSmtpServer();
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Slipstream <no-reply@slipstream.test>', db: database.db, log: logger });
    expect(mailer.kind).toBe('smtp');
    await mailer.send(confirmationMail('yuki@example.com', 'http://slipstream.test/auth-action?mode=verifyEmail&oobCode=x<y>', 24));
    const received = await smtp.nextMail('yuki@example.com');
    expect(received.raw).toContain('From: Slipstream <no-reply@slipstream.test>');
    expect(received.raw).toContain('x&lt;y&gt;');
    await smtp.close();

    mailer.sendInBackground(async () => confirmationMail('nobody@example.com', 'http://slipstream.test/auth-action', 24));
    await mailer.idle();
    expect(lines.some(({ level, message }) => level === 'error' && message === 'Sending a mail failed')).toBe(true);
    await mailer.close();
  });
});
