import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TitleDriverEntry, TitleFightResponse, TitleTeamEntry } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';
import { Button } from '../../lib/ui/Button';
import { Card } from '../../lib/ui/Card';
import { QueryState } from '../../lib/ui/QueryState';
import { Page } from '../../lib/ui/Page';
import { Skeleton } from '../../lib/ui/Skeleton';
import { formatPoints } from '../../lib/points';
import { shortMeetingName, standingsBehindNote } from '../../lib/resultsKnown';
import { BehindNote } from '../../lib/ui/BehindNote';
import { EventEditor } from './EventEditor';
import { readPicks, winsAll, writePicks, type Picks } from './whatIf';
import styles from './TitleFightPage.module.css';
import { useResultsStream } from '../../lib/useResultsStream';
import { PROVISIONAL_STANDINGS, ProvisionalNote } from '../../lib/ui/Provisional';

const int = (value: string | null) => (value !== null && /^\d{1,4}$/.test(value) ? Number(value) : undefined);

function TitleFightPage() {
  useResultsStream();
  const [params, setParams] = useSearchParams();
  const season = int(params.get('season'));
  const round = int(params.get('round'));
  const w = params.get('w') ?? undefined;
  const fight = useQuery({
    queryKey: ['title-fight', season, round, w],
    queryFn: () => api('titleFight', { query: { season, round, w } }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const go = (next: { season?: number; round?: number; w?: string }) => {
    setParams(new URLSearchParams(paths.titleFight(next).split('?')[1] ?? ''), { replace: true });
  };

  return (
    <Page page="titleFight" lead={PAGE_DESCRIPTIONS.titleFight}>
      <QueryState
        query={fight}
        pending={<Skeleton shape="block" height="24rem" />}
        error={(error) => error.message}
        failure={(note) => (
          <>
            {note}
            {(season !== undefined || w !== undefined) && (
              <p>
                <Link to={paths.titleFight()}>Back to the season in progress</Link>
              </p>
            )}
          </>
        )}
      >
        {(data) => <Fight fight={data} picks={readPicks(w ?? null)} busy={fight.isFetching} go={go} round={round} />}
      </QueryState>
    </Page>
  );
}

type FightProps = {
  fight: TitleFightResponse;
  picks: Picks;
  busy: boolean;
  round: number | undefined;
  go: (next: { season?: number; round?: number; w?: string }) => void;
};

function Fight({ fight, picks, busy, round, go }: FightProps) {
  const setPicks = (next: Picks) => go({ season: fight.season, round, w: writePicks(next) || undefined });
  // The presets offer the leaders before the what-if, so they stay put while the fan plays.
  const leaders = [...fight.drivers].sort((a, b) => b.pointsNow - a.pointsNow).slice(0, 3);
  const rounds = Array.from({ length: fight.lastFinishedRound }, (_, i) => fight.lastFinishedRound - i);
  const fastestLapScores = fight.system.fastestLap > 0;
  const picked = fight.events.some((e) => e.picked);
  const behind = standingsBehindNote(fight.standingsAfter);
  const incomplete = fight.standingsAfter.racesMissing > 0;

  return (
    <div className={styles.fight}>
      <form className={styles.controls} aria-label="Season and standing" onSubmit={(e) => e.preventDefault()}>
        <div className={styles.field}>
          <label htmlFor="title-season">Season</label>
          <select id="title-season" value={fight.season} onChange={(e) => go({ season: Number(e.target.value) })}>
            {fight.seasons.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="title-round">Standing</label>
          <select
            id="title-round"
            value={fight.live ? '' : fight.asOfRound}
            onChange={(e) => go({ season: fight.season, round: e.target.value === '' ? undefined : Number(e.target.value) })}
          >
            <option value="">{fight.events.length > 0 || !fight.live ? 'As it stands now' : 'Final standings'}</option>
            {rounds.map((r) => (
              <option key={r} value={r}>
                After round {r}
              </option>
            ))}
            <option value={0}>Before the first race</option>
          </select>
        </div>
      </form>
      <p className={styles.replay}>
        Replay a finale: <Link to={paths.titleFight({ season: 2021, round: 21 })}>Abu Dhabi 2021</Link> ·{' '}
        <Link to={paths.titleFight({ season: 2014, round: 18 })}>Abu Dhabi 2014 (double points)</Link>
      </p>

      {behind && (
        <BehindNote>
          {behind} Until they are, their points count as still to play for.
        </BehindNote>
      )}
      <section aria-labelledby="verdict" className={styles.verdict} aria-live="polite" aria-busy={busy}>
        <h2 id="verdict" className="visually-hidden">
          The verdict
        </h2>
        {fight.provisional && <ProvisionalNote text={PROVISIONAL_STANDINGS} />}
        {incomplete ? (
          <p>{refusal(fight)}</p>
        ) : (
          <>
            <p>{verdict(fight.drivers, 'drivers’', fight.season, 'drivers')}</p>
            <p>{verdict(fight.constructors, 'constructors’', fight.season, 'teams')}</p>
          </>
        )}
        <p className={styles.small}>
          {standingWords(fight)} {pointsLeft(fight)}
        </p>
      </section>

      <div className={styles.columns}>
        <Card as="section" title="Drivers">
          <Standings entries={fight.drivers} subject="drivers" incomplete={incomplete} />
        </Card>
        <Card as="section" title="Constructors">
          <Standings entries={fight.constructors} subject="constructors" incomplete={incomplete} />
        </Card>
      </div>

      {fight.events.length > 0 && (
        <section aria-labelledby="what-if" className={styles.whatIf}>
          <h2 id="what-if" className={styles.sectionTitle}>
            What if…
          </h2>
          <p className={styles.small}>
            Set finishing orders for the races and sprints still to run{behind ? ' or still without results' : ''}; the standings above follow. Drivers you leave out score nothing.
            The what-if is kept in the page address, so you can share it.
          </p>
          <div className={styles.presets} role="group" aria-label="Quick what-ifs">
            {leaders.map((driver) => (
              <Button key={driver.id} variant="secondary" onClick={() => setPicks(winsAll(fight.events, picks, driver.code, fastestLapScores))}>
                {driver.name} wins all
              </Button>
            ))}
            {picked && (
              <Button variant="ghost" onClick={() => setPicks(new Map())}>
                Clear the what-if
              </Button>
            )}
          </div>
          <ol className={styles.events}>
            {fight.events.map((event) => (
              <li key={`${event.round}${event.kind}`}>
                <EventEditor
                  event={event}
                  pick={picks.get(`${event.round}${event.kind === 'SPRINT' ? 's' : ''}`)}
                  drivers={fight.drivers}
                  scoringPlaces={(event.kind === 'RACE' ? fight.system.race : fight.system.sprint).length}
                  fastestLap={event.kind === 'RACE' && fastestLapScores}
                  open={fight.events.length <= 2}
                  picks={picks}
                  onChange={setPicks}
                />
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

/** Names are listed while the fight is close; early in a season everyone can still win, so the count and the lead say more. */
const MOST_NAMES_LISTED = 4;

function verdict(entries: (TitleDriverEntry | TitleTeamEntry)[], title: string, season: number, noun: string): string {
  const champion = entries.find((e) => e.status === 'champion');
  if (champion) return `${champion.name} ${champion.points === champion.pointsNow ? 'has won' : 'would win'} the ${season} ${title} title.`;
  const contenders = entries.filter((e) => e.status === 'contender');
  if (contenders.length === 0) return `No one can be sure of the ${title} title yet.`;
  if (contenders.length <= MOST_NAMES_LISTED) {
    return `${contenders.length} still in the fight for the ${season} ${title} title: ${contenders.map((e) => e.name).join(', ')}.`;
  }
  const [leader, second] = entries;
  const lead = leader && second && leader.points > second.points ? ` ${leader.name} leads ${second.name} by ${formatPoints(leader.points - second.points)} points.` : '';
  return `${contenders.length} ${noun} can still win the ${season} ${title} title.${lead}`;
}

/**
 * While raced rounds have no results the maths would treat them as still to run: who can still win would be a
 * claim the data cannot back, so the page names the last round it counts and says no more.
 */
function refusal(fight: TitleFightResponse): string {
  const { race, racesMissing } = fight.standingsAfter;
  const rounds = `${racesMissing} raced ${racesMissing === 1 ? 'round has' : 'rounds have'} no results yet`;
  const counted = race ? `The standings count up to round ${race.round}, ${shortMeetingName(race.meetingName)}` : 'No round has results yet';
  return `No title verdict from incomplete rounds: ${rounds}. ${counted}; who can still win is worked out once the results are in.`;
}

function standingWords(fight: TitleFightResponse): string {
  const counting = fight.standingsAfter.racesMissing > 0 ? 'Counting every race and sprint with results so far' : 'Counting every race and sprint finished so far';
  const base = fight.live ? counting : `As the season stood after round ${fight.asOfRound}`;
  const picked = fight.events.filter((e) => e.picked).length;
  const left = fight.events.length;
  return picked > 0 ? `${base}, with your results for ${picked} of the ${left} ${left === 1 ? 'event' : 'events'} left.` : `${base}.`;
}

function pointsLeft(fight: TitleFightResponse): string {
  const open = fight.events.filter((e) => !e.picked);
  if (open.length === 0) return 'Nothing left to race.';
  const races = open.filter((e) => e.kind === 'RACE').length;
  const sprints = open.length - races;
  const leader = fight.drivers[0];
  const most = leader ? leader.maxPoints - leader.points : 0;
  return `${races} ${races === 1 ? 'race' : 'races'} and ${sprints} ${sprints === 1 ? 'sprint' : 'sprints'} open: up to ${formatPoints(most)} points for a driver.`;
}

const STATUS_WORDS = { champion: 'Champion', contender: 'In the fight', eliminated: 'Out' } as const;
/** With rounds missing their results, no one is called in the fight: only not ruled out by what is counted. */
const INCOMPLETE_STATUS_WORDS = { ...STATUS_WORDS, contender: 'Not ruled out' } as const;

type StandingsProps = { entries: (TitleDriverEntry | TitleTeamEntry)[]; subject: 'drivers' | 'constructors'; incomplete: boolean };

function Standings({ entries, subject, incomplete }: StandingsProps) {
  const words = incomplete ? INCOMPLETE_STATUS_WORDS : STATUS_WORDS;
  const shown = entries.filter((e, i) => i < 10 || e.status !== 'eliminated');
  return (
    <table className={styles.standings}>
      <caption className="visually-hidden">{subject === 'drivers' ? 'Drivers’ standings' : 'Constructors’ standings'}</caption>
      <thead>
        <tr>
          <th scope="col">
            <abbr title="Position">Pos</abbr>
          </th>
          <th scope="col">{subject === 'drivers' ? 'Driver' : 'Team'}</th>
          <th scope="col">Points</th>
          <th scope="col">Can reach</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((entry) => (
          <tr key={entry.id} data-status={entry.status}>
            <td>{entry.position}</td>
            <th scope="row">
              <span className={styles.entryName}>{entry.name}</span>
              {'teamName' in entry && entry.teamName && <span className={styles.team}>{entry.teamName}</span>}
              <span className={styles.status} data-status={entry.status}>
                {words[entry.status]}
              </span>
            </th>
            <td className={styles.number}>
              {formatPoints(entry.points)}
              {entry.points !== entry.pointsNow && <span className={styles.delta}> (+{formatPoints(entry.points - entry.pointsNow)})</span>}
            </td>
            <td className={styles.number}>{formatPoints(entry.maxPoints)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export { TitleFightPage as Component };
