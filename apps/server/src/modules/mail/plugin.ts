import fp from 'fastify-plugin';
import type { AppDeps } from '../../deps';
import { createMailer, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Decorates the app with its mailer (SMTP or the development outbox); waits for pending mail on close. */
export const mailPlugin = fp<AppDeps>(
  async (app, { config, database }) => {
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log: app.log });
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mail' },
);
