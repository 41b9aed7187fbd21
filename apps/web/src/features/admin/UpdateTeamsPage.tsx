import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LineUpsResponse } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { api } from '../../lib/api';
import { Button } from '../../lib/ui/Button';
import { Page } from '../../lib/ui/Page';
import { QueryState } from '../../lib/ui/QueryState';
import { failureText } from './adminText';
import { Skeleton } from '../../lib/ui/Skeleton';
import styles from './people/LineUps.module.css';
import { checkLineUp } from './people/lineUp';
import { formatRounds } from './people/rounds';

type TeamLineUp = LineUpsResponse['teams'][number];
type Seat = { key: number; driverId: string; rounds: string };

function UpdateTeamsPage() {
  const lineUps = useQuery({ queryKey: ['admin', 'line-ups'], queryFn: () => api('lineUps') });
  return (
    <Page page="updateTeams" lead={PAGE_DESCRIPTIONS.updateTeams}>
      <QueryState query={lineUps} pending={<Skeleton shape="block" height="24rem" />} error={failureText}>
        {(data) =>
          data.teams.length === 0 ? (
            <p>The {data.season} season has no teams yet.</p>
          ) : (
            <>
              <p className={styles.season}>
                {data.season} season · {data.rounds} rounds. Team cards show the two drivers of the next round.
              </p>
              <div className={styles.grid}>
                {data.teams.map((team) => (
                  <TeamLineUpForm key={`${team.constructorId}:${JSON.stringify(team.assigned)}`} team={team} data={data} />
                ))}
              </div>
            </>
          )
        }
      </QueryState>
    </Page>
  );
}

let nextKey = 0;
const seatsOf = (team: TeamLineUp): Seat[] =>
  (team.assigned ?? team.imported).map((seat) => ({ key: nextKey++, driverId: seat.driverId, rounds: formatRounds(seat.rounds) }));

function TeamLineUpForm({ team, data }: { team: TeamLineUp; data: LineUpsResponse }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [seats, setSeats] = useState<Seat[]>(() => seatsOf(team));
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState('');
  const settle = (answer: LineUpsResponse, message: string) => {
    queryClient.setQueryData(['admin', 'line-ups'], answer);
    void queryClient.invalidateQueries({ queryKey: ['standings'] });
    setStatus(message);
  };
  const saving = useMutation({
    mutationFn: (drivers: { driverId: string; rounds: number[] }[]) => api('replaceLineUp', { params: { season: data.season, constructorId: team.constructorId }, body: { drivers } }),
    onSuccess: (answer) => settle(answer, `Saved the ${team.name} line-up.`),
  });
  const reverting = useMutation({
    mutationFn: () => api('revertLineUp', { params: { season: data.season, constructorId: team.constructorId } }),
    onSuccess: (answer) => settle(answer, `${team.name} shows the imported line-up again.`),
  });
  const busy = saving.isPending || reverting.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    const checked = checkLineUp(seats, { year: data.season, rounds: data.rounds, drivers: data.drivers });
    if ('problem' in checked) return setProblem(checked.problem);
    setProblem('');
    saving.mutate(checked.drivers);
  };
  const update = (key: number, change: Partial<Seat>) => setSeats((current) => current.map((seat) => (seat.key === key ? { ...seat, ...change } : seat)));
  const failure = problem || saving.error?.message || reverting.error?.message;

  return (
    <form className={styles.team} style={{ borderTopColor: team.colour }} onSubmit={submit} aria-labelledby={headingId} noValidate>
      <h2 id={headingId} className={styles.teamName}>
        {team.name}
        {team.assigned && <span className={styles.badge}>Set here</span>}
      </h2>
      <p className={styles.muted}>
        Imported: {team.imported.length > 0 ? team.imported.map((seat) => `${seat.name} (${formatRounds(seat.rounds)})`).join(', ') : 'no race drivers'}
      </p>
      <ul className={styles.seats}>
        {seats.map((seat, index) => (
          <li key={seat.key} className={styles.seat}>
            <label className={styles.seatField}>
              <span className={styles.label}>Driver {index + 1}</span>
              <select className={styles.input} value={seat.driverId} disabled={busy} onChange={(event) => update(seat.key, { driverId: event.target.value })}>
                <option value="">Choose a driver</option>
                {data.drivers.map((driver) => (
                  <option key={driver.id} value={driver.id}>
                    {driver.name}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.seatField}>
              <span className={styles.label}>Rounds of driver {index + 1}</span>
              <input
                className={styles.input}
                value={seat.rounds}
                disabled={busy}
                inputMode="numeric"
                placeholder={`1-${data.rounds}`}
                onChange={(event) => update(seat.key, { rounds: event.target.value })}
              />
            </label>
            <Button
              type="button"
              variant="ghost"
              className={styles.remove}
              disabled={busy}
              aria-label={`Remove driver ${index + 1}`}
              onClick={() => setSeats((current) => current.filter((s) => s.key !== seat.key))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {failure && <p className={styles.error} role="alert">{failure}</p>}
      <p role="status" aria-live="polite" className={styles.status}>
        {status}
      </p>
      <div className={styles.actions}>
        <Button type="button" variant="secondary" disabled={busy} onClick={() => setSeats((current) => [...current, { key: nextKey++, driverId: '', rounds: '' }])}>
          Add a driver
        </Button>
        <Button type="submit" disabled={busy}>
          {saving.isPending ? 'Saving…' : 'Save line-up'}
        </Button>
        {team.assigned && (
          <Button type="button" variant="ghost" disabled={busy} onClick={() => reverting.mutate()}>
            Back to imported
          </Button>
        )}
      </div>
    </form>
  );
}

export { UpdateTeamsPage as Component };
