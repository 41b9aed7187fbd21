import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { REPLAY_SPEEDS } from '@slipstream/contract';
import { FIRST_ARCHIVED_SEASON } from '@slipstream/contract/live-timing';
import { api } from '../../../lib/api';
import { useClock } from '../../../lib/clock';
import { formatDate } from '../../../lib/time';
import { Button } from '../../../lib/ui/Button';
import { Card } from '../../../lib/ui/Card';
import fieldStyles from '../../../lib/ui/Field.module.css';
import type { ReplayState } from './useReplay';
import styles from './Timing.module.css';

/** The seasons F1's archive keeps, newest first: pickable even when the archive cannot be reached. */
function archivedSeasons(currentYear: number): number[] {
  return Array.from({ length: currentYear - FIRST_ARCHIVED_SEASON + 1 }, (_, index) => currentYear - index);
}

/** "Replay a session": season, then meeting, then session; choosing one starts its replay (the `replay` search parameter). */
export function ReplayPicker({ onChoose }: { onChoose: (ref: string) => void }) {
  const clock = useClock();
  const [season, setSeason] = useState(() => new Date(clock.now()).getUTCFullYear());
  const [meetingIndex, setMeetingIndex] = useState(0);
  const [ref, setRef] = useState('');
  const catalogue = useQuery({
    queryKey: ['live', 'replays', season],
    queryFn: () => api('replayCatalogue', { query: { season } }),
    staleTime: 3_600_000,
    // The server bounds its wait for the archive; a failure is shown at once, with a retry, not retried unseen.
    retry: false,
  });
  const seasons = catalogue.data?.seasons ?? archivedSeasons(new Date(clock.now()).getUTCFullYear());
  const ids = { season: useId(), meeting: useId(), session: useId() };
  const meetings = catalogue.data?.meetings ?? [];
  const meeting = meetings[meetingIndex];
  const chosen = meeting?.sessions.find((session) => session.ref === ref) ?? meeting?.sessions[0];

  return (
    <Card as="section" title="Replay a session">
      <form
        className={styles.picker}
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen) onChoose(chosen.ref);
        }}
      >
        <div className={fieldStyles.field}>
          <label htmlFor={ids.season}>Season</label>
          <select
            id={ids.season}
            value={season}
            onChange={(event) => {
              setSeason(Number(event.target.value));
              setMeetingIndex(0);
              setRef('');
            }}
          >
            {seasons.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <div className={fieldStyles.field}>
          <label htmlFor={ids.meeting}>Meeting</label>
          <select
            id={ids.meeting}
            value={meetingIndex}
            disabled={meetings.length === 0}
            onChange={(event) => {
              setMeetingIndex(Number(event.target.value));
              setRef('');
            }}
          >
            {meetings.map((candidate, index) => (
              <option key={candidate.name} value={index}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
        <div className={fieldStyles.field}>
          <label htmlFor={ids.session}>Session</label>
          <select id={ids.session} value={chosen?.ref ?? ''} disabled={!meeting} onChange={(event) => setRef(event.target.value)}>
            {meeting?.sessions.map((session) => (
              <option key={session.ref} value={session.ref}>
                {session.name}
                {session.startsAt ? ` · ${formatDate(session.startsAt)}` : ''}
              </option>
            ))}
          </select>
        </div>
        <p className={styles.pickerNote} role="status">
          {catalogue.isPending
            ? `Looking up the ${season} season…`
            : catalogue.isError
              ? `The ${season} season could not be listed: F1's timing archive did not answer. Try again, or pick another season.`
              : catalogue.data.listedFrom === 'archive-index'
                ? `Sessions as F1's timing archive lists them for ${season}.`
                : `F1's timing archive keeps no list for ${season}: these are the calendar's sessions, looked up in the archive when you start one (some may not be recorded).`}
          {catalogue.data && meetings.length === 0 && ' Nothing to replay in this season yet.'}
        </p>
        {catalogue.isError && (
          <div>
            <Button type="button" variant="secondary" disabled={catalogue.isFetching} onClick={() => void catalogue.refetch()}>
              {catalogue.isFetching ? 'Trying again…' : 'Try again'}
            </Button>
          </div>
        )}
        <div>
          <Button type="submit" disabled={!chosen}>
            Replay
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Play, pause, speed and a seek bar for the replay on screen. */
export function ReplayControls({ replay, onClose }: { replay: ReplayState; onClose: () => void }) {
  const ids = { speed: useId(), seek: useId() };
  return (
    <Card as="section" title="Replay" className={styles.controls}>
      <div className={styles.controlRow}>
        <Button onClick={replay.playing ? replay.pause : replay.play} aria-pressed={replay.playing}>
          {replay.playing ? 'Pause' : 'Play'}
        </Button>
        <div className={fieldStyles.field}>
          <label htmlFor={ids.speed}>Speed</label>
          <select id={ids.speed} value={replay.speed} onChange={(event) => replay.setSpeed(Number(event.target.value))}>
            {REPLAY_SPEEDS.map((speed) => (
              <option key={speed} value={speed}>
                {speed}×
              </option>
            ))}
          </select>
        </div>
        <div className={styles.seek}>
          <label htmlFor={ids.seek}>
            Position <span data-testid="replay-position">{clockText(replay.position - replay.start)}</span> of {clockText(replay.end - replay.start)}
          </label>
          <input
            id={ids.seek}
            type="range"
            min={replay.start}
            max={replay.end}
            step={1000}
            value={replay.position}
            aria-valuetext={`${clockText(replay.position - replay.start)} of ${clockText(replay.end - replay.start)}`}
            onChange={(event) => replay.seek(Number(event.target.value))}
          />
        </div>
        <Button variant="secondary" onClick={onClose}>
          End replay
        </Button>
      </div>
    </Card>
  );
}

/** A replay's ms as "1:02:03" or "12:34". */
function clockText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
