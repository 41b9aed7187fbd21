import type { CSSProperties } from 'react';
import type { RaceControlMessage, Tower, TowerCar, TowerTime, TrackStatus } from '@slipstream/contract';
import { cssColour } from '../../../lib/colour';
import { formatTime } from '../../../lib/time';
import { Card } from '../../../lib/ui/Card';
import { LeadingHeaders } from '../LeadingHeaders';
import styles from './Timing.module.css';

const TRACK_STATUS_TEXT: Record<TrackStatus, string> = {
  green: 'Green flag: track clear',
  yellow: 'Yellow flag',
  'safety-car': 'Safety car deployed',
  'virtual-safety-car': 'Virtual safety car deployed',
  'vsc-ending': 'Virtual safety car ending',
  red: 'Red flag: session stopped',
};

const COMPOUND_LETTER: Record<string, string> = { SOFT: 'S', MEDIUM: 'M', HARD: 'H', INTERMEDIATE: 'I', WET: 'W' };

/** The tower with the session's state around it: header, track status, the cars, race control and weather. */
export function TimingTower({ tower, title }: { tower: Tower; title: string }) {
  return (
    <div className={styles.timing}>
      <SessionHeader tower={tower} title={title} />
      {tower.trackStatus && <TrackStatusBanner status={tower.trackStatus.status} />}
      <CarsTable tower={tower} />
      <div className={styles.aside}>
        <RaceControl messages={tower.raceControl} />
        {tower.weather && <Weather weather={tower.weather} />}
      </div>
    </div>
  );
}

function SessionHeader({ tower, title }: { tower: Tower; title: string }) {
  const { session, lapCount, clock, qualifying } = tower;
  return (
    <div className={styles.header}>
      <p className={styles.headerTitle}>{title}</p>
      {session && (
        <p className={styles.sessionName}>
          {session.meetingName} · {session.name}
          {session.status && <span className={styles.sessionStatus}> · {session.status}</span>}
        </p>
      )}
      <dl className={styles.facts}>
        {lapCount && (
          <div>
            <dt>Lap</dt>
            <dd data-testid="lap-count">
              {lapCount.current}
              {lapCount.total !== null && ` / ${lapCount.total}`}
            </dd>
          </div>
        )}
        {clock && (
          <div>
            <dt>Time left</dt>
            <dd>{clock.remaining}</dd>
          </div>
        )}
        {qualifying && (
          <div>
            <dt>Part</dt>
            <dd>Q{qualifying.part}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}

function TrackStatusBanner({ status }: { status: TrackStatus }) {
  return (
    <p className={styles.banner} data-status={status} role="status" data-testid="track-status">
      {TRACK_STATUS_TEXT[status]}
    </p>
  );
}

function CarsTable({ tower }: { tower: Tower }) {
  const isRace = tower.session?.type === 'Race';
  const advancing = tower.qualifying?.advancing ?? null;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="timing-tower">
        <caption className="visually-hidden">
          Timing tower{tower.session ? `, ${tower.session.meetingName} ${tower.session.name}` : ''}
          {advancing !== null && `; positions after ${advancing} are in the knockout zone`}
        </caption>
        <thead>
          <tr>
            <LeadingHeaders timeLabel={isRace ? 'Gap' : 'Gap to fastest'} numericClassName={styles.numeric} />
            <th scope="col" className={`${styles.numeric} ${styles.wide}`}>
              <abbr title="Interval to the car ahead">Int</abbr>
            </th>
            <th scope="col" className={`${styles.numeric} ${styles.wide}`}>
              Last lap
            </th>
            <th scope="col" className={styles.numeric}>
              Best
            </th>
            {[1, 2, 3].map((sector) => (
              <th key={sector} scope="col" className={`${styles.numeric} ${styles.wide}`}>
                <abbr title={`Sector ${sector}`}>S{sector}</abbr>
              </th>
            ))}
            <th scope="col">Tyre</th>
            <th scope="col" className={`${styles.numeric} ${styles.wide}`}>
              Pits
            </th>
          </tr>
        </thead>
        <tbody>
          {tower.order.map((number) => {
            const car = tower.cars[number]!;
            const knockout = advancing !== null && car.position !== null && car.position > advancing && !car.knockedOut;
            return <CarRow key={number} car={car} knockout={knockout} />;
          })}
        </tbody>
      </table>
    </div>
  );
}

function CarRow({ car, knockout }: { car: TowerCar; knockout: boolean }) {
  const state = car.knockedOut ? 'Knocked out' : car.retired ? 'Out' : car.inPit ? 'In pit' : car.pitOut ? 'Pit exit' : null;
  return (
    <tr
      className={styles.row}
      data-testid="tower-row"
      data-number={car.racingNumber}
      data-zone={knockout ? 'knockout' : car.knockedOut ? 'out' : undefined}
      style={{ '--team': cssColour(car.teamColour) } as CSSProperties}
    >
      <td className={styles.position}>{car.position ?? '–'}</td>
      <td className={styles.driver}>
        <abbr className={styles.tla} title={car.name}>
          {car.tla}
        </abbr>
        <span className={styles.team}>{car.team}</span>
        {state && <span className={styles.state}>{state}</span>}
        {knockout && <span className={styles.zone}>Knockout zone</span>}
      </td>
      <td className={styles.numeric}>{car.gapToLeader ?? ''}</td>
      <td className={`${styles.numeric} ${styles.wide}`}>{car.interval ?? ''}</td>
      <td className={`${styles.numeric} ${styles.wide}`}>
        <Time time={car.lastLap} />
      </td>
      <td className={styles.numeric}>
        <Time time={car.bestLap} />
      </td>
      {[0, 1, 2].map((sector) => (
        <td key={sector} className={`${styles.numeric} ${styles.wide}`}>
          <Time time={car.sectors[sector] ?? null} />
        </td>
      ))}
      <td>{car.tyre && <Tyre tyre={car.tyre} />}</td>
      <td className={`${styles.numeric} ${styles.wide}`}>{car.pitStops}</td>
    </tr>
  );
}

/** Purple for the fastest of all, green for a driver's own best, with the words for screen readers. */
function Time({ time }: { time: TowerTime | null }) {
  if (!time) return null;
  const best = time.overallBest ? 'overall' : time.personalBest ? 'personal' : undefined;
  return (
    <span className={styles.time} data-best={best}>
      {time.time}
      {best && <span className="visually-hidden">{best === 'overall' ? ' (fastest overall)' : ' (personal best)'}</span>}
    </span>
  );
}

function Tyre({ tyre }: { tyre: NonNullable<TowerCar['tyre']> }) {
  const letter = COMPOUND_LETTER[tyre.compound] ?? '?';
  const name = tyre.compound.charAt(0) + tyre.compound.slice(1).toLowerCase();
  const label = `${name} tyre${tyre.laps !== null ? `, ${tyre.laps} laps old` : ''}${tyre.fresh ? ', new' : ''}`;
  return (
    <span className={styles.tyre} title={label}>
      <span className={styles.compound} data-compound={letter} aria-hidden="true">
        {letter}
      </span>
      <span aria-hidden="true">{tyre.laps ?? ''}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

function RaceControl({ messages }: { messages: RaceControlMessage[] }) {
  return (
    <Card as="section" title="Race control" className={styles.raceControl}>
      {messages.length === 0 ? (
        <p className={styles.muted}>No messages yet.</p>
      ) : (
        <ol className={styles.messages} data-testid="race-control" tabIndex={0} aria-label="Race control messages, newest first">
          {messages.map((message) => (
            <li key={`${message.at}-${message.message}`}>
              <time dateTime={message.at} className={styles.muted}>
                {formatTime(message.at)}
                {message.lap !== null && ` · lap ${message.lap}`}
              </time>{' '}
              {message.message}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function Weather({ weather }: { weather: NonNullable<Tower['weather']> }) {
  const facts: [string, string | null][] = [
    ['Air', weather.airTemp === null ? null : `${weather.airTemp} °C`],
    ['Track', weather.trackTemp === null ? null : `${weather.trackTemp} °C`],
    ['Humidity', weather.humidity === null ? null : `${weather.humidity} %`],
    ['Wind', weather.windSpeed === null ? null : `${weather.windSpeed} m/s`],
    ['Rain', weather.rainfall ? 'Yes' : 'No'],
  ];
  return (
    <Card as="section" title="Weather">
      <dl className={styles.weather}>
        {facts.map(([label, value]) =>
          value === null ? null : (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ),
        )}
      </dl>
    </Card>
  );
}
