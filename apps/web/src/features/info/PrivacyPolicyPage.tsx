import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { DONATION_URL } from '../../lib/site';
import { storageKeys } from '../../lib/storage';
import { Page } from '../../lib/ui/Page';
import { Prose } from '../../lib/ui/Prose';

function PrivacyPolicyPage() {
  return (
    <Page
      page="privacyPolicy"
      lead="What Slipstream stores about you, why, for how long, and how to have it deleted."
      width="prose"
    >
      <Prose>
        <p>
          You can use Slipstream without an account: the schedule, standings, results, news and games need nothing from
          you. The site shows no ads, uses no analytics or tracking services and never sells or shares your data.
        </p>

        <h2>If you create an account</h2>
        <p>When you sign up we store:</p>
        <ul>
          <li>
            your <strong>email address</strong>, to sign you in, confirm the address and send a password reset link
            when you ask for one;
          </li>
          <li>
            your <strong>password</strong> only as a one-way hash, which cannot be turned back into the password; if
            you sign in with <strong>Google or GitHub</strong> instead, we store no password, only the account
            identifier, email address, name and photo address that the service shares with us;
          </li>
          <li>
            your <strong>display name and profile photo</strong>, if you set them;
          </li>
          <li>
            your <strong>favourite driver and favourite team</strong>, to highlight them across the site and to count
            how many fans each has (only the totals are shown);
          </li>
          <li>
            your <strong>votes</strong> in the fan vote, to count them; other visitors only ever see the totals.
          </li>
        </ul>

        <h2>Cookies and browser storage</h2>
        <p>Slipstream sets only what it needs to work:</p>
        <dl>
          <dt>Sign-in cookies</dt>
          <dd>
            A refresh-token cookie, set when you sign in, keeps you signed in between visits. Scripts cannot read it,
            it is sent only to this site, and it is removed when you sign out or expires after a fixed time. A second
            cookie, set and removed with it, holds only the value 1: it tells the site that a sign-in may be waiting, so
            pages of visitors without one show at once.
          </dd>
          <dt>Theme cookie</dt>
          <dd>
            <code>{storageKeys.darkMode}</code> holds only true or false, so that pages arrive already rendered in your
            theme: the one you chose, or until you choose, your device’s light or dark setting (which browsers that
            support it also tell the site on a first visit). It lasts a year.
          </dd>
          <dt>Visitor cookie</dt>
          <dd>
            A random identifier, set when you vote without an account, so that each visitor votes once per race. It
            says nothing about who you are.
          </dd>
          <dt>
            Local storage: <code>{storageKeys.cookieAccepted}</code>, <code>{storageKeys.darkMode}</code>,{' '}
            <code>{storageKeys.currentUser}</code>
          </dt>
          <dd>
            Remember that you closed the cookie notice, whether you chose dark mode, and, while you are signed in, your
            public profile (name, email and photo address) so that the site starts quickly. The last one is removed
            when you sign out. These stay in your browser and are not sent to us.
          </dd>
          <dt>Session storage</dt>
          <dd>Keeps the news lists for 30 minutes so pages load faster; the browser clears it when you close the tab.</dd>
        </dl>
        <p>
          <strong>Other sites.</strong> The photos of the current drivers are loaded from Formula 1’s media server
          (media.formula1.com): your browser asks that server for them, so it sees your address and browser as any
          website does, and it may set its own cookies under Formula 1’s privacy policy. Pictures the site’s editors
          link from other sites load from those sites in the same way. Signing in with Google or GitHub takes you to
          that service, which uses its own cookies under its own privacy policy.
        </p>

        <h2>Server logs</h2>
        <p>
          Like every web server, ours records requests (address, time, page, browser) to keep the site running and to
          fend off abuse such as repeated failed sign-ins. These logs are kept only as long as they are needed for that.
        </p>

        <h2>How long we keep data</h2>
        <p>
          Account data is kept for as long as your account exists. Sign-in sessions end when you sign out or when they
          expire. Vote counts stay in the totals of each race.
        </p>

        <h2>Your choices and deleting your data</h2>
        <ul>
          <li>
            You can see and change your display name, photo and favourites on your{' '}
            <Link to={paths.profile}>profile</Link>.
          </li>
          <li>
            You can delete your account at any time. Deleting it removes your email address, password hash, name,
            photo, favourites and sign-in sessions for good; your past votes remain only as part of the anonymous
            totals.
          </li>
          <li>
            Clearing your browser’s site data removes everything stored in your browser, including the cookie notice
            choice and the theme.
          </li>
          {DONATION_URL && (
            <li>
              For any other question about your data, write to the author through the{' '}
              <a href={DONATION_URL} target="_blank" rel="noopener noreferrer">
                support page<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              .
            </li>
          )}
        </ul>

        <h2>Changes</h2>
        <p>
          If this policy changes, the new version is published on this page. The rules for using the site are in the{' '}
          <Link to={paths.termsOfService}>terms of service</Link>.
        </p>
      </Prose>
    </Page>
  );
}

export { PrivacyPolicyPage as Component };
