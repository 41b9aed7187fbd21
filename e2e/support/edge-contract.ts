/**
 * What the end-to-end tests, the Playwright config and the stand-ins at the network edge (support/stand-ins.ts)
 * agree on: the ports, derived from E2E_PORT so that several runs on one machine never meet, and the control API's
 * shapes.
 */

export function edgePorts(e2ePort: number) {
  return {
    feeds: e2ePort + 1000,
    archive: e2ePort + 2050,
    smtp: e2ePort + 10_000,
    control: e2ePort + 11_000,
    google: e2ePort + 12_000,
    github: e2ePort + 13_000,
  };
}

export type EdgePorts = ReturnType<typeof edgePorts>;

/** A mail as the SMTP server received it, its text with quoted-printable undone. */
export type ReceivedMail = { subject: string; text: string; receivedAt: string };

/** The ID token claims the Google stand-in signs for the next sign-in. */
export type GoogleIdentity = { sub: string; email?: string; email_verified?: boolean; name?: string; picture?: string };

/** GitHub's /user and /user/emails answers for the next sign-in. */
export type GitHubIdentity = {
  user: { id: number; login: string; name: string | null; avatar_url: string };
  emails: { email: string; primary: boolean; verified: boolean }[];
};

export const OAUTH_CLIENTS = {
  google: { id: 'slipstream-e2e-google', secret: 'google-e2e-secret' },
  github: { id: 'slipstream-e2e-github', secret: 'github-e2e-secret' },
} as const;
