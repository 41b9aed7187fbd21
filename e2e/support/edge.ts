import http from 'node:http';
import { OAuth2Issuer, OAuth2Server, OAuth2Service } from 'oauth2-mock-server';
import { decodeQuotedPrintable, mailCatcher } from '../../apps/server/src/test/smtp';
import type { EdgePorts, GitHubIdentity, GoogleIdentity, ReceivedMail } from './edge-contract';

/*
 * Mail and sign-in at the network edge of the end-to-end run (started by support/stand-ins.ts):
 * - a real SMTP server that keeps every mail the site sends (SMTP_URL points here);
 * - a local OpenID Connect provider standing in for Google, and an OAuth 2 provider with GitHub's /user and
 *   /user/emails standing in for GitHub (oauth2-mock-server);
 * - a small HTTP control API for the tests: read the mails to an address, set who signs in at each provider.
 */

const host = '127.0.0.1';

// ---------------------------------------------------------------------------------------------------
// Mail

const mailbox = new Map<string, ReceivedMail[]>();

const smtp = mailCatcher((recipients, raw) => {
  const mail: ReceivedMail = { subject: headerOf(raw, 'subject'), text: decodeQuotedPrintable(raw), receivedAt: new Date().toISOString() };
  for (const to of recipients) mailbox.set(to, [...(mailbox.get(to) ?? []), mail]);
});

function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
}

// ---------------------------------------------------------------------------------------------------
// Identity providers: who signs in next is set by the tests through the control API.

let googleIdentity: GoogleIdentity = { sub: 'google-nobody', email: 'nobody@example.com', email_verified: true, name: 'Nobody' };
let githubIdentity: GitHubIdentity = {
  user: { id: 1, login: 'nobody', name: 'Nobody', avatar_url: 'https://avatars.example/nobody.png' },
  emails: [{ email: 'nobody@example.com', primary: true, verified: true }],
};

async function startGoogle(ports: EdgePorts) {
  const server = new OAuth2Server();
  // The issuer the site discovers (GOOGLE_ISSUER_URL), not the library's default "localhost".
  server.issuer.url = `http://${host}:${ports.google}`;
  await server.issuer.keys.generate('RS256');
  server.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, googleIdentity));
  await server.start(ports.google, host);
  return server;
}

async function startGitHub(ports: EdgePorts) {
  const issuer = new OAuth2Issuer();
  issuer.url = `http://${host}:${ports.github}`;
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer, { userinfo: '/user' });
  service.on('beforeUserinfo', (response) => {
    response.body = githubIdentity.user;
  });
  // GitHub issues no ID token.
  service.on('beforeResponse', (response) => {
    delete (response.body as Record<string, unknown>).id_token;
  });
  const server = http.createServer((request, response) => {
    if (request.url !== '/user/emails') return service.requestHandler(request, response);
    const authorized = request.headers.authorization?.startsWith('Bearer ');
    sendJson(response, authorized ? 200 : 401, authorized ? githubIdentity.emails : { message: 'Requires authentication' });
  });
  await listen(server, ports.github);
  return server;
}

// ---------------------------------------------------------------------------------------------------
// Control API

function sendJson(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const control = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${host}`);
  const route = `${request.method} ${url.pathname}`;
  if (route === 'GET /health') return sendJson(response, 200, { ok: true });
  if (route === 'GET /mails') return sendJson(response, 200, mailbox.get(url.searchParams.get('to')?.toLowerCase() ?? '') ?? []);
  if (route === 'PUT /identity/google' || route === 'PUT /identity/github') {
    readBody(request).then(
      (body) => {
        if (url.pathname.endsWith('google')) googleIdentity = body as GoogleIdentity;
        else githubIdentity = body as GitHubIdentity;
        sendJson(response, 204, null);
      },
      () => sendJson(response, 400, { message: 'JSON body expected' }),
    );
    return;
  }
  sendJson(response, 404, { message: `No route ${route}` });
});

/** Listens on loopback; resolves once it does. */
export function listen(server: http.Server, port: number) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

/** Starts the edge services; the control API listens last, so its /health answers once all of them do. */
export async function startEdgeStandIns(ports: EdgePorts): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    smtp.on('error', reject);
    smtp.listen(ports.smtp, host, () => resolve());
  });
  await startGoogle(ports);
  await startGitHub(ports);
  await listen(control, ports.control);
}
