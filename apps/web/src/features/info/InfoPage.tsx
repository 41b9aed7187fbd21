import { useQuery } from '@tanstack/react-query';
import type { DataVersion } from '@slipstream/contract';
import { Link } from 'react-router';
import { useNow } from '../../lib/clock';
import { paths } from '../../lib/paths';
import { metaQuery } from '../../lib/queries';
import { DISCLAIMER, DONATION_URL, F1DB } from '../../lib/site';
import { formatDate, formatTime, localTimeZone } from '../../lib/time';
import { Page } from '../../lib/ui/Page';
import { Prose } from '../../lib/ui/Prose';
import { QueryState } from '../../lib/ui/QueryState';
import { Skeleton } from '../../lib/ui/Skeleton';
import styles from './InfoPage.module.css';

function InfoPage() {
  return (
    <Page
      page="info"
      lead="Where the data comes from, how times are shown, and who is behind the site."
      width="prose"
    >
      <Prose>
        <h2>Where the data comes from</h2>
        <p>
          Results, standings, schedules, drivers, teams and circuits come from{' '}
          <a href={F1DB.url}>{F1DB.name}</a>, the open Formula 1 database by {F1DB.authors}, published under the{' '}
          <a href={F1DB.licenceUrl}>Creative Commons Attribution 4.0 licence ({F1DB.licence})</a>. Slipstream imports it
          as published and does not change the facts in it.
        </p>
        <DataVersionFacts />
        <p>
          News headlines come from Formula1.com and RaceFans and link to the full articles on those sites. The photos
          of the current drivers and the team colours come with Formula 1’s live timing: the photos stay on Formula
          1’s media server (media.formula1.com), and your browser loads them from there. Other driver photos, team
          logos and car photos are added by the site’s editors; where there is none, the site shows the driver’s
          number or the team’s initials in the team colour.
        </p>
        <p>
          The Ergast-compatible API (<code>/api/ergast/f1</code>) names drivers, teams, circuits and finishing statuses
          with the ids of the <a href="https://ergast.com/mrd/">Ergast Developer API</a> by Chris Newell, taken from the
          copies of Ergast’s database tables published at <a href="https://github.com/F1-SQL/f1-sql">F1-SQL/f1-sql</a> and{' '}
          <a href="https://github.com/wrwmorse/F1-SQL">wrwmorse/F1-SQL</a>; drivers and teams that came after Ergast are
          named by the rule of its successor, <a href="https://jolpi.ca">Jolpica</a>.
        </p>

        <h2>How times are shown</h2>
        <LocalTimeNote />

        <h2>Disclaimer</h2>
        <p>{DISCLAIMER}</p>
        <p>
          How the site handles your data is described in the <Link to={paths.privacyPolicy}>privacy policy</Link>; the
          rules for using it are in the <Link to={paths.termsOfService}>terms of service</Link>.
        </p>

        {DONATION_URL && (
          <>
            <h2>Support the author</h2>
            <p>
              Slipstream shows no ads and does not track you. If you enjoy it, you can{' '}
              <a href={DONATION_URL} target="_blank" rel="noopener noreferrer">
                support the author<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              .
            </p>
          </>
        )}
      </Prose>
    </Page>
  );
}

function DataVersionFacts() {
  const meta = useQuery(metaQuery);
  return (
    <QueryState
      query={meta}
      pending={
        <div className={styles.facts} aria-busy="true">
          <span className="visually-hidden">Loading the data version…</span>
          <Skeleton lines={2} />
        </div>
      }
      error="The data version cannot be shown right now."
    >
      {({ dataVersion }) =>
        dataVersion ? <VersionList version={dataVersion} /> : <p className={styles.facts}>No F1DB data has been imported on this server yet.</p>
      }
    </QueryState>
  );
}

function VersionList({ version }: { version: DataVersion }) {
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Data version</dt>
        <dd>
          {F1DB.name} {version.version}
        </dd>
      </div>
      <div>
        <dt>Data as of</dt>
        <dd>
          <time dateTime={version.dataDate}>{formatDate(version.dataDate)}</time>
        </dd>
      </div>
      <div>
        <dt>Imported</dt>
        <dd>
          <time dateTime={version.importedAt}>{formatDate(version.importedAt)}</time>
        </dd>
      </div>
    </dl>
  );
}

function LocalTimeNote() {
  const now = useNow();
  return (
    <>
      <p>
        Every session time is shown in your device’s time zone, <strong>{localTimeZone()}</strong>, on the 24-hour
        clock, and dates are written day-month-year. Right now that reads{' '}
        <strong>
          {formatDate(now)} {formatTime(now)}
        </strong>
        .
      </p>
      <p>
        Countdowns run on the site’s clock rather than your device’s, so they reach zero when the session starts even
        if your device’s clock is a little off.
      </p>
    </>
  );
}

export { InfoPage as Component };
