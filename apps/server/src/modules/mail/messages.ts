import { SITE_NAME, SITE_TAGLINE } from '@slipstream/contract';
import { escapeHtml } from '../../lib/html';
import type { OutgoingMail } from './mailer';

const SIGNATURE = `${SITE_NAME}, an ${SITE_TAGLINE}`;

/** The mails the accounts flows send: plain text first, with a minimal HTML twin. */

export function confirmationMail(to: string, link: string, validHours: number): OutgoingMail {
  return actionMail(to, link, {
    subject: 'Confirm your Slipstream account',
    intro: 'Welcome to Slipstream! Confirm your email address to finish creating your account.',
    action: 'Confirm my email address',
    outro: `The link works for ${hours(validHours)}. If you did not sign up, ignore this mail.`,
  });
}

export function passwordResetMail(to: string, link: string, validHours: number): OutgoingMail {
  return actionMail(to, link, {
    subject: 'Reset your Slipstream password',
    intro: 'Someone (hopefully you) asked to reset the password of your Slipstream account.',
    action: 'Choose a new password',
    outro: `The link works once, for ${hours(validHours)}. If you did not ask for it, ignore this mail: your password stays as it is.`,
  });
}

function actionMail(to: string, link: string, words: { subject: string; intro: string; action: string; outro: string }): OutgoingMail {
  const text = `${words.intro}\n\n${words.action}: ${link}\n\n${words.outro}\n\n${SIGNATURE}\n`;
  const html = [
    `<p>${escapeHtml(words.intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(words.action)}</a></p>`,
    `<p>${escapeHtml(words.outro)}</p>`,
    `<p>${SIGNATURE}</p>`,
  ].join('\n');
  return { to, subject: words.subject, text, html, link };
}

const hours = (count: number) => (count === 1 ? '1 hour' : `${count} hours`);
