import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { LiveCentreResponse, LiveClassification } from '@slipstream/contract';
import { cssColour } from '../../lib/colour';
import { paths } from '../../lib/paths';
import { formatDate, formatTime } from '../../lib/time';
import { Card } from '../../lib/ui/Card';
import { ProvisionalNote } from '../../lib/ui/Provisional';
import { LeadingHeaders } from './LeadingHeaders';
import styles from './LivePage.module.css';

const scored = (classification: LiveClassification) => classification.session === 'RACE' || classification.session === 'SPRINT';

/** The latest stored classification of the weekend (or of the meeting before), and what is still to come in. */
export function Classification({ latest, awaiting }: Pick<LiveCentreResponse, 'latest' | 'awaiting'>) {
  return (
    <Card as="section" title="Latest classification" className={styles.classification}>
      {awaiting.map((session) => (
        <p key={session.session} className={styles.awaiting} role="status">
          {session.description} has ended; its classification is not in our data yet. It appears here as soon as it is
          stored.
        </p>
      ))}
      {latest ? (
        <>
          <p className={styles.classificationOf}>
            <strong>{latest.description}</strong> ·{' '}
            <Link to={paths.meeting(latest.season, latest.slug)}>
              {latest.meetingName} {latest.season}
            </Link>
            <span className={styles.muted}>
              {' '}
              · ended {formatDate(latest.endedAt)} {formatTime(latest.endedAt)}
            </span>
          </p>
          {latest.provisional && <ProvisionalNote />}
          <ClassificationTable classification={latest} />
        </>
      ) : (
        <p className={styles.muted}>No classification is stored yet.</p>
      )}
    </Card>
  );
}

function ClassificationTable({ classification }: { classification: LiveClassification }) {
  const withPoints = scored(classification);
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">
          {classification.description} classification, {classification.meetingName} {classification.season}
        </caption>
        <thead>
          <tr>
            <LeadingHeaders timeLabel={withPoints ? 'Time / gap' : 'Best time'} numericClassName={styles.numeric} />
            {withPoints && (
              <th scope="col" className={styles.numeric}>
                <abbr title="Points">Pts</abbr>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {classification.rows.map((row) => (
            <tr key={`${row.positionText}-${row.driverId}`} style={{ '--team': cssColour(row.teamColour) } as CSSProperties}>
              <td className={styles.position}>{row.positionText}</td>
              <td className={styles.driver}>
                <span className={styles.driverName}>{row.driverName}</span>
                <span className={styles.team}>{row.teamName}</span>
              </td>
              <td className={styles.numeric}>{row.time ?? row.status ?? '–'}</td>
              {withPoints && <td className={styles.numeric}>{row.points ?? 0}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
