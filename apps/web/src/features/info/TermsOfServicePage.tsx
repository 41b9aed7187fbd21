import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { DISCLAIMER, F1DB } from '../../lib/site';
import { Page } from '../../lib/ui/Page';
import { Prose } from '../../lib/ui/Prose';

function TermsOfServicePage() {
  return (
    <Page
      page="termsOfService"
      lead="The rules for using Slipstream. They are short: be fair to the site and to other fans."
      width="prose"
    >
      <Prose>
        <h2>The site</h2>
        <p>
          Slipstream is a free fan website about Formula 1: the race calendar, standings, results, news headlines, a
          fan vote and games. By using it you accept these terms.
        </p>
        <p>{DISCLAIMER}</p>

        <h2>Your account</h2>
        <ul>
          <li>You may sign up with an email address and password, or with a Google or GitHub account.</li>
          <li>Keep your password to yourself; you are responsible for what is done with your account.</li>
          <li>
            Your display name and profile photo must not be offensive, impersonate someone else or break anyone’s
            rights. Names or photos that do may be removed.
          </li>
          <li>
            You can delete your account at any time; the <Link to={paths.privacyPolicy}>privacy policy</Link> says what
            that removes.
          </li>
        </ul>

        <h2>Fair use</h2>
        <p>Please do not:</p>
        <ul>
          <li>vote more than once per race, or use scripts or several accounts to sway a vote or a game’s scores;</li>
          <li>try to break into accounts, overload the site or get around its limits;</li>
          <li>copy the site’s content in bulk with automated tools.</li>
        </ul>
        <p>Accounts that break these rules may be suspended or deleted.</p>

        <h2>Votes and games</h2>
        <p>
          The fan vote and the games are for fun. Their results are the opinions and reflexes of the site’s visitors,
          not official awards or rankings of any kind.
        </p>

        <h2>Content and data</h2>
        <ul>
          <li>
            Formula 1 facts come from <a href={F1DB.url}>{F1DB.name}</a> by {F1DB.authors}, under the{' '}
            <a href={F1DB.licenceUrl}>{F1DB.licence}</a> licence; you may reuse that data under the same licence.
          </li>
          <li>News headlines link to their publishers, who own the articles.</li>
          <li>Photos, logos and trade marks belong to their owners and are shown for identification only.</li>
        </ul>

        <h2>No guarantees</h2>
        <p>
          The site is offered as it is. Results and times are shown as accurately as we can, but may contain mistakes
          or arrive late; for anything that matters, check the official sources. The site may change, pause or stop
          at any time. As far as the law allows, the author is not liable for any loss arising from its use.
        </p>

        <h2>Changes to these terms</h2>
        <p>
          If these terms change, the new version is published on this page and applies from then on. Questions about
          the site and its data are answered on the <Link to={paths.info}>info page</Link>.
        </p>
      </Prose>
    </Page>
  );
}

export { TermsOfServicePage as Component };
