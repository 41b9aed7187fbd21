import { Link } from 'react-router';
import { FIRST_RESULTS_SEASON, type ChampionSeason, type HistoryEra } from '@slipstream/contract';
import { apiUrl } from '../../lib/api';
import { paths } from '../../lib/paths';
import styles from './HistoryPage.module.css';

/** Every decided season's champions, grouped into the eras of the rules. */
export function Champions({ eras }: { eras: HistoryEra[] }) {
  return (
    <section id="champions" aria-labelledby="champions-heading" className={styles.section}>
      <h2 id="champions-heading">Champions by era</h2>
      <nav aria-label="Eras" className={styles.jump}>
        {eras.map((era) => (
          <a key={era.id} href={`#era-${era.id}`} className={styles.chip}>
            {era.name} <span className={styles.chipYears}>{eraYears(era)}</span>
          </a>
        ))}
      </nav>
      {eras.map((era) => (
        <section key={era.id} id={`era-${era.id}`} aria-labelledby={`era-${era.id}-heading`} className={styles.era}>
          <header className={styles.eraHeader}>
            <h3 id={`era-${era.id}-heading`}>
              {era.name} <span className={styles.eraYears}>{eraYears(era)}</span>
            </h3>
            <p className={styles.eraSummary}>{era.summary}</p>
          </header>
          {era.seasons.length === 0 ? (
            <p className={styles.muted}>No title decided yet in this era.</p>
          ) : (
            <div className={styles.seasonTable}>
              <div className={styles.columns} aria-hidden="true">
                <span>Season</span>
                <span>Drivers’ champion</span>
                <span>Constructors’ champion</span>
                <span>Title decided at</span>
              </div>
              <ol className={styles.seasons}>
                {era.seasons.map((season) => (
                  <SeasonRow key={season.year} season={season} />
                ))}
              </ol>
            </div>
          )}
        </section>
      ))}
    </section>
  );
}

function SeasonRow({ season }: { season: ChampionSeason }) {
  const { year, driver, constructor, decidedAt } = season;
  const hasResultsPage = year >= FIRST_RESULTS_SEASON;
  return (
    <li className={styles.season}>
      <Link
        className={styles.year}
        to={hasResultsPage ? paths.raceResults(year) : paths.meeting(year, decidedAt.slug)}
        aria-label={hasResultsPage ? `${year} race results` : `${year} ${decidedAt.name}, where the title was decided`}
      >
        {year}
      </Link>
      <div className={styles.champion}>
        <span className="visually-hidden">Drivers’ champion: </span>
        <span className={styles.name}>
          {driver.countryCode && <img className={styles.flag} src={apiUrl('flag', { code: driver.countryCode.toLowerCase() })} alt="" width={20} height={15} />}
          {driver.name}
        </span>
        <span className={styles.detail}>
          {driver.teams.join(', ')} · {plural(driver.wins, 'win')} · {plural(driver.points, 'point')}
        </span>
      </div>
      <div className={styles.team}>
        <span className={styles.role}>
          Constructors’<span className="visually-hidden"> champion</span>{' '}
        </span>
        {constructor ? (
          <span>
            <span className={styles.teamName}>{constructor.name}</span>
            <span className={styles.detail}> · {plural(constructor.points, 'point')}</span>
          </span>
        ) : (
          <span className={styles.detail}>none before 1958</span>
        )}
      </div>
      <p className={styles.decided}>
        <span className={styles.decidedLabel}>Decided at the </span>
        {decidedAt.name}
      </p>
    </li>
  );
}

function eraYears(era: HistoryEra): string {
  if (era.to === null) return `${era.from}–`;
  return era.to === era.from ? String(era.from) : `${era.from}–${era.to}`;
}

function plural(count: number, word: string): string {
  return `${count} ${count === 1 ? word : `${word}s`}`;
}
