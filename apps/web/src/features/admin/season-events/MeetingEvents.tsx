import { SESSION_LABELS, sessionKind, type AdminMeeting, type AdminSession, type SessionKind, type SessionTimeInput } from '@slipstream/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../lib/ui/Button';
import { ErrorNote } from '../../../lib/ui/ErrorNote';
import { formatDate, formatDateTime } from '../../../lib/time';
import { ConfirmDialog } from './ConfirmDialog';
import { SessionTimeFields, initialTime } from './SessionTimeFields';
import { useSessionChange, type SessionChange } from './changes';
import styles from './SeasonEvents.module.css';

/** One meeting: its sessions with their changes, and a form to add one. */
export function MeetingEvents({ meeting, open }: { meeting: AdminMeeting; open: boolean }) {
  return (
    <details className={styles.meeting} open={open}>
      <summary className={styles.summary}>
        <span className={styles.round}>Round {meeting.round}</span> <span className={styles.meetingName}>{meeting.name}</span>
        <span className={styles.muted}>
          {meeting.circuitName} · {meeting.timeZone}
        </span>
      </summary>
      <ul className={styles.sessions} aria-label={`${meeting.name} sessions`}>
        {meeting.sessions.map((session) => (
          <SessionRow key={session.kind} meeting={meeting} session={session} />
        ))}
      </ul>
      <AddSession meeting={meeting} />
    </details>
  );
}

type Confirming = { title: string; message: string; confirmLabel: string; change: SessionChange };

function SessionRow({ meeting, session }: { meeting: AdminMeeting; session: AdminSession }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const change = useSessionChange();
  const target = { raceId: meeting.raceId, kind: session.kind };
  const hasOverride = session.added || session.moved || session.cancelled || session.removed;
  const name = `${session.description}, ${meeting.name}`;

  const run = (next: SessionChange) => change.mutate(next, { onSuccess: () => setEditing(false) });
  return (
    <li className={session.removed ? `${styles.session} ${styles.removed}` : styles.session}>
      <div className={styles.sessionHead}>
        <div>
          <p className={styles.sessionName}>
            {session.description} <Badges session={session} />
          </p>
          <p className={styles.muted}>{when(session, meeting.timeZone)}</p>
          {session.moved && session.imported && <p className={styles.muted}>Imported: {when(session.imported, meeting.timeZone)}</p>}
        </div>
        <div className={styles.actions}>
          {!session.removed && (
            <Button variant="secondary" aria-expanded={editing} onClick={() => setEditing(!editing)} aria-label={`Edit time of ${name}`}>
              Edit time
            </Button>
          )}
          {!session.removed && session.kind !== 'RACE' && (
            <Button
              variant="secondary"
              aria-label={`${session.cancelled ? 'Restore' : 'Cancel'} ${name}`}
              onClick={() =>
                session.cancelled
                  ? run({ type: 'cancel', target, cancelled: false })
                  : setConfirming({
                      title: `Cancel ${session.description}?`,
                      message: `${name} stays on the schedule, marked cancelled, and is no longer counted down to.`,
                      confirmLabel: 'Cancel session',
                      change: { type: 'cancel', target, cancelled: true },
                    })
              }
            >
              {session.cancelled ? 'Restore' : 'Cancel'}
            </Button>
          )}
          {!session.removed && session.kind !== 'RACE' && (
            <Button
              variant="ghost"
              aria-label={`Delete ${name}`}
              onClick={() =>
                setConfirming({
                  title: `Delete ${session.description}?`,
                  message: session.added
                    ? `${name} was added here; deleting it removes it for good.`
                    : `${name} disappears from the schedule. A later import keeps it deleted; Revert brings it back.`,
                  confirmLabel: 'Delete session',
                  change: { type: 'delete', target },
                })
              }
            >
              Delete
            </Button>
          )}
          {hasOverride && !session.added && (
            <Button
              variant="ghost"
              aria-label={`Revert ${name} to the import`}
              onClick={() =>
                setConfirming({
                  title: `Revert ${session.description}?`,
                  message: `${name} goes back to what the F1 data says${session.imported?.startsAtUtc ? ` (${when(session.imported, meeting.timeZone)})` : ''}.`,
                  confirmLabel: 'Revert',
                  change: { type: 'revert', target },
                })
              }
            >
              Revert
            </Button>
          )}
        </div>
      </div>
      {change.error && <ErrorNote message={change.error.message} />}
      {editing && (
        <MoveForm
          key={session.startsAtUtc ?? session.date}
          session={session}
          timeZone={meeting.timeZone}
          pending={change.isPending}
          onCancel={() => setEditing(false)}
          onSave={(time) => run({ type: 'move', target, time })}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={confirming.title}
          message={confirming.message}
          confirmLabel={confirming.confirmLabel}
          onClose={() => setConfirming(null)}
          onConfirm={() => {
            run(confirming.change);
            setConfirming(null);
          }}
        />
      )}
    </li>
  );
}

function Badges({ session }: { session: AdminSession }) {
  const badges = [
    session.added && 'Added',
    session.moved && 'Moved',
    session.cancelled && 'Cancelled',
    session.removed && 'Deleted',
  ].filter((badge): badge is string => Boolean(badge));
  return badges.map((badge) => (
    <span key={badge} className={styles.badge}>
      {badge}
    </span>
  ));
}

/** "05/07/2025 15:00 at the circuit · 05/07/2025 14:00 UTC", or the day alone when F1DB knows no time. */
function when(session: { date: string; startsAtUtc: string | null }, timeZone: string): string {
  if (!session.startsAtUtc) return `${formatDate(session.date)}, time not known`;
  return `${formatDateTime(session.startsAtUtc, { timeZone })} at the circuit · ${formatDateTime(session.startsAtUtc, { timeZone: 'UTC' })} UTC`;
}

function MoveForm(props: {
  session: AdminSession;
  timeZone: string;
  pending: boolean;
  onSave: (time: SessionTimeInput) => void;
  onCancel: () => void;
}) {
  const [time, setTime] = useState(() => initialTime(props.session.startsAtUtc, props.session.date, props.timeZone));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSave(time);
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={`New time for ${props.session.description}`}>
      <SessionTimeFields value={time} onChange={setTime} timeZone={props.timeZone} />
      <div className={styles.actions}>
        <Button type="submit" disabled={props.pending}>
          Save time
        </Button>
        <Button variant="secondary" onClick={props.onCancel}>
          Close
        </Button>
      </div>
    </form>
  );
}

function AddSession({ meeting }: { meeting: AdminMeeting }) {
  const taken = new Set(meeting.sessions.filter((s) => !s.removed).map((s) => s.kind));
  const free = sessionKind.options.filter((kind) => !taken.has(kind));
  const [adding, setAdding] = useState(false);
  const [kind, setKind] = useState<SessionKind | ''>('');
  const first = meeting.sessions[0];
  const [time, setTime] = useState(() => initialTime(first?.startsAtUtc ?? null, first?.date ?? '', meeting.timeZone));
  const change = useSessionChange();
  if (free.length === 0) return null;
  if (!adding) {
    return (
      <Button variant="secondary" className={styles.addButton} onClick={() => setAdding(true)} aria-label={`Add a session to ${meeting.name}`}>
        Add a session
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!kind) return;
    change.mutate(
      { type: 'add', body: { raceId: meeting.raceId, kind, ...time } },
      { onSuccess: () => setAdding(false) },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={`Add a session to ${meeting.name}`}>
      <label className={styles.field}>
        Session
        <select required value={kind} onChange={(event) => setKind(event.target.value as SessionKind)}>
          <option value="">Choose…</option>
          {free.map((option) => (
            <option key={option} value={option}>
              {SESSION_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
      <SessionTimeFields value={time} onChange={setTime} timeZone={meeting.timeZone} />
      {change.error && <ErrorNote message={change.error.message} />}
      <div className={styles.actions}>
        <Button type="submit" disabled={change.isPending}>
          Add session
        </Button>
        <Button variant="secondary" onClick={() => setAdding(false)}>
          Close
        </Button>
      </div>
    </form>
  );
}
