import { useId, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import type { ClassificationRow, MeetingDetailResponse, SessionKind } from '@slipstream/contract';
import { cssColour } from '../../lib/colour';
import { ProvisionalNote } from '../../lib/ui/Provisional';
import { finishedResults, hasQualifyingParts, openingGroup, type ResultGroup } from './results';
import styles from './MeetingResults.module.css';

const PODIUM_PLACES = 3;

/**
 * The weekend's results as far as the clock has gone: the race podium and fastest lap, and every classification
 * (practice included) in tabs, in the order the sessions ran.
 */
export function MeetingResults({ meeting }: { meeting: MeetingDetailResponse }) {
  const headingId = useId();
  const groups = finishedResults(meeting);
  const race = groups.find((group) => group.session === 'RACE');
  const { fastestLap } = meeting.results;

  return (
    <section className={styles.results} aria-labelledby={headingId}>
      <h2 id={headingId}>Results</h2>
      {groups.length === 0 ? (
        <p className={styles.empty}>
          {emptyText(meeting)}
        </p>
      ) : (
        <>
          {race?.provisional && <ProvisionalNote text="The race result is provisional: it comes from F1's live timing and F1DB has not confirmed it yet." />}
          {race && <Podium rows={race.rows.slice(0, PODIUM_PLACES)} />}
          {race && fastestLap && (
            <p className={styles.fastestLap}>
              <span className={styles.fastestLabel}>Fastest lap</span> <strong>{fastestLap.driverName}</strong>{' '}
              <span className={styles.lapTime}>{fastestLap.time}</span>
              {fastestLap.lap !== null && <> on lap {fastestLap.lap}</>}
            </p>
          )}
          <ResultTabs groups={groups} />
        </>
      )}
    </section>
  );
}

function Podium({ rows }: { rows: ClassificationRow[] }) {
  return (
    <ol className={styles.podium} aria-label="Race podium">
      {rows.map((row) => (
        <li key={row.driverId} className={styles.step} style={teamStyle(row.teamColour)}>
          <span className={styles.place} aria-hidden="true">
            {row.positionText}
          </span>
          <span className={styles.stepDriver}>
            <span className="visually-hidden">Position {row.positionText}: </span>
            <strong>{row.driverName}</strong>
            <span className={styles.team}>{row.teamName}</span>
          </span>
          <span className={styles.stepTime}>{row.time ?? row.status}</span>
        </li>
      ))}
    </ol>
  );
}

/** Tabs with arrow-key movement (WAI-ARIA tabs pattern, automatic activation). */
function ResultTabs({ groups }: { groups: ResultGroup[] }) {
  const baseId = useId();
  const [chosen, setChosen] = useState<SessionKind>(() => openingGroup(groups).session);
  const selected = groups.find((group) => group.session === chosen) ?? openingGroup(groups);
  const tabs = useRef(new Map<SessionKind, HTMLButtonElement>());

  const select = (index: number) => {
    const group = groups[(index + groups.length) % groups.length]!;
    setChosen(group.session);
    tabs.current.get(group.session)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: groups.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label="Sessions" className={styles.tablist}>
        {groups.map((group, index) => {
          const isSelected = group.session === selected.session;
          return (
            <button
              key={group.session}
              ref={(element) => {
                if (element) tabs.current.set(group.session, element);
                else tabs.current.delete(group.session);
              }}
              type="button"
              role="tab"
              id={`${baseId}-${group.session}-tab`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-${group.session}-panel`}
              tabIndex={isSelected ? 0 : -1}
              aria-label={group.provisional ? `${group.title}, provisional` : undefined}
              className={styles.tab}
              onClick={() => setChosen(group.session)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {group.title}
              {group.provisional && <span className={styles.provisionalMark} aria-hidden="true" title="Provisional" />}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-${selected.session}-panel`}
        aria-labelledby={`${baseId}-${selected.session}-tab`}
        className={styles.panel}
      >
        {selected.provisional && <ProvisionalNote />}
        {selected.type === 'practice' ? <PracticeTable group={selected} /> : <ClassificationTable group={selected} />}
      </div>
    </div>
  );
}

function ClassificationTable({ group }: { group: ResultGroup }) {
  const isQualifying = group.type === 'qualifying';
  const parts = isQualifying && hasQualifyingParts(group.rows);
  const prefix = group.session === 'SPRINT_QUALIFYING' ? 'SQ' : 'Q';
  return (
    <div className={styles.scroller}>
      <table className={styles.table} data-kind={isQualifying ? 'qualifying' : 'race'}>
        <caption className="visually-hidden">{group.title} classification</caption>
        <thead>
          <tr>
            <PlaceAndDriverHeaders />
            {isQualifying && <ColumnHeader wide>Team</ColumnHeader>}
            {!isQualifying && (
              <>
                <ColumnHeader numeric wide>Grid</ColumnHeader>
                <ColumnHeader numeric wide>Laps</ColumnHeader>
              </>
            )}
            {parts ? (
              [1, 2, 3].map((part) => (
                <th key={part} scope="col" className={styles.number}>
                  {prefix}
                  {part}
                </th>
              ))
            ) : (
              <ColumnHeader numeric>Time</ColumnHeader>
            )}
            {!isQualifying && (
              <ColumnHeader numeric>
                <abbr title="Points">Pts</abbr>
              </ColumnHeader>
            )}
          </tr>
        </thead>
        <tbody>
          {group.rows.map((row) => (
            <tr key={row.driverId}>
              <PlaceAndDriver row={row} abbreviateOnPhones={isQualifying} />
              {isQualifying && <td className={styles.wide}>{row.teamName}</td>}
              {!isQualifying && (
                <>
                  <td className={`${styles.number} ${styles.wide}`}>{gridText(row.grid)}</td>
                  <td className={`${styles.number} ${styles.wide}`}>{row.laps ?? ''}</td>
                </>
              )}
              {parts ? (
                [row.q1, row.q2, row.q3].map((time, index) => (
                  <td key={index} className={styles.number}>
                    {time ?? ''}
                  </td>
                ))
              ) : (
                <td className={styles.number}>{row.time ?? row.status ?? ''}</td>
              )}
              {!isQualifying && <td className={styles.number}>{row.points ?? ''}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A practice session: each driver's best lap, the gap to the fastest, and the laps run. */
function PracticeTable({ group }: { group: ResultGroup }) {
  return (
    <div className={styles.scroller}>
      <table className={styles.table} data-kind="practice">
        <caption className="visually-hidden">{group.title} classification</caption>
        <thead>
          <tr>
            <PlaceAndDriverHeaders />
            <ColumnHeader wide>Team</ColumnHeader>
            <ColumnHeader numeric>Best lap</ColumnHeader>
            <ColumnHeader numeric>Gap</ColumnHeader>
            <ColumnHeader numeric>Laps</ColumnHeader>
          </tr>
        </thead>
        <tbody>
          {group.rows.map((row) => (
            <tr key={row.driverId}>
              <PlaceAndDriver row={row} abbreviateOnPhones />
              <td className={styles.wide}>{row.teamName}</td>
              <td className={styles.number}>{row.time ?? ''}</td>
              <td className={styles.number}>{row.gap ?? ''}</td>
              <td className={styles.number}>{row.laps ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A column's header cell: numbers align to the right, wide columns give way on phones. */
function ColumnHeader({ numeric = false, wide = false, children }: { numeric?: boolean; wide?: boolean; children: ReactNode }) {
  const className = [numeric && styles.number, wide && styles.wide].filter(Boolean).join(' ');
  return (
    <th scope="col" className={className}>
      {children}
    </th>
  );
}

/** The first two columns of every classification: the place and the driver. */
function PlaceAndDriverHeaders() {
  return (
    <>
      <th scope="col" className={styles.position}>
        <abbr title="Position">Pos</abbr>
      </th>
      <th scope="col">Driver</th>
    </>
  );
}

function PlaceAndDriver({ row, abbreviateOnPhones }: { row: ClassificationRow; abbreviateOnPhones: boolean }) {
  return (
    <>
      <td className={styles.position}>{row.positionText}</td>
      <th scope="row" className={styles.driver}>
        <DriverName row={row} abbreviateOnPhones={abbreviateOnPhones} />
      </th>
    </>
  );
}

/** Team-colour bar and name; race tables add the team below, qualifying tables shorten to the code on phones. */
function DriverName({ row, abbreviateOnPhones }: { row: ClassificationRow; abbreviateOnPhones: boolean }) {
  return (
    <span className={styles.driverName} style={teamStyle(row.teamColour)}>
      {abbreviateOnPhones ? (
        <>
          <span className={styles.fullOnWide}>{row.driverName}</span>
          <span className={styles.codeOnPhones} aria-hidden="true">
            {row.driverCode}
          </span>
        </>
      ) : (
        <>
          <span>{row.driverName}</span>
          <span className={styles.team}>{row.teamName}</span>
        </>
      )}
    </span>
  );
}

/** F1DB writes a pit-lane start as "PL". */
function gridText(grid: string | null): string {
  return grid === 'PL' ? 'Pit lane' : (grid ?? '');
}

/** The team's colour as --team, for the bars beside names. */
function teamStyle(teamColour: string): CSSProperties {
  return { '--team': cssColour(teamColour) } as CSSProperties;
}

/** Why there is nothing to show: the weekend is over without results, sessions have finished without any, or none has run. */
function emptyText(meeting: MeetingDetailResponse): string {
  if (meeting.status === 'completed') return 'The results of this weekend are not in yet.';
  const finished = meeting.timetables.some((entry) => entry.status === 'completed' && !entry.cancelled);
  return finished ? 'The results of the finished sessions are not in yet.' : 'Results appear here once the sessions are over.';
}
