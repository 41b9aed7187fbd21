import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { Page } from '../../lib/ui/Page';
import { Skeleton } from '../../lib/ui/Skeleton';
import { Leaderboard } from './Leaderboard';
import { usePersonalBest, useRankedStart, type PersonalBest, type RankedTry } from './queries';
import { describeAttempt, HISTORY_SIZE, type Attempt, type Phase } from './reaction';
import { StartLights } from './StartLights';
import { useReactionGame, type GameOptions, type RunStart } from './useReactionGame';
import styles from './ReactionGamePage.module.css';

/** The route's component; tests pass their own timers and hold so they can drive the lights. */
function ReactionGamePage(options: Omit<GameOptions, 'rankedStart'>) {
  const rankedStart = useRankedStart();
  const [{ phase, tries, sessionBest }, press, run] = useReactionGame({ ...options, rankedStart });
  const personal = usePersonalBest(sessionBest, rankedTryOf(phase, run));

  return (
    <Page page="reactionGame" lead={PAGE_DESCRIPTIONS.reactionGame}>
      <div className={styles.layout}>
        <div className={styles.game}>
          <StartLights phase={phase} onPress={press} />
          <Outcome phase={phase} />
          <dl className={styles.stats}>
            <div className={styles.stat}>
              <dt>Session best</dt>
              <dd>{sessionBest === null ? '–' : `${sessionBest} ms`}</dd>
            </div>
            <div className={styles.stat}>
              <dt>Personal best</dt>
              <dd>
                <PersonalBestValue personal={personal} />
                {personal.status === 'local' && <span className={styles.scope}>kept in this browser</span>}
              </dd>
            </div>
          </dl>
          <RankedNote run={run} personal={personal} />
          {personal.status === 'account' && personal.saveError && (
            <p role="alert" className={styles.saveError}>
              Your time was not saved: {personal.saveError}
            </p>
          )}
          <section aria-labelledby="last-tries" className={styles.tries}>
            <h2 id="last-tries" className={styles.subheading}>
              Last {HISTORY_SIZE} tries
            </h2>
            {tries.length === 0 ? (
              <p className={styles.muted}>Your tries will show here.</p>
            ) : (
              <ol className={styles.tryList}>
                {tries.map((attempt, i) => (
                  <li key={tries.length - i} className={styles.try} data-kind={attempt.kind}>
                    {attemptLabel(attempt)}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
        <Leaderboard personal={personal} />
      </div>
    </Page>
  );
}

/** The latest result, announced to screen readers as it arrives; its space is kept so nothing jumps. */
function Outcome({ phase }: { phase: Phase }) {
  const attempt = phase.name === 'result' ? phase.attempt : null;
  const words = attempt && describeAttempt(attempt);
  return (
    <div className={styles.outcome} aria-live="polite" data-kind={attempt?.kind}>
      {phase.name === 'ready' && <p className={styles.placeholder}>Your reaction time will show here.</p>}
      {attempt && words && (
        <>
          <p className={styles.time}>{attempt.kind === 'jumpStart' ? 'Jump start' : `${attempt.ms} ms`}</p>
          <p className={styles.verdict}>
            {attempt.kind !== 'jumpStart' && <strong>{words.title}. </strong>}
            {words.message}
          </p>
        </>
      )}
    </div>
  );
}

/** A timed press of a ranked run, the one kind the server may rank. */
function rankedTryOf(phase: Phase, run: RunStart | null): RankedTry | null {
  if (phase.name !== 'result' || phase.attempt.kind !== 'time' || run?.status !== 'ranked') return null;
  return { start: run.start, ms: phase.attempt.ms };
}

/** Whether the run counts for the leaderboard, and the time the server measured for the last one sent. */
function RankedNote({ run, personal }: { run: RunStart | null; personal: PersonalBest }) {
  if (run?.status === 'unranked') return <p className={styles.muted}>This run is not ranked: {run.reason}</p>;
  if (personal.status !== 'account' || personal.serverTimedMs === null) return null;
  return <p className={styles.muted}>Ranked time, as the server timed it from lights out to your press reaching it: {personal.serverTimedMs} ms</p>;
}

function PersonalBestValue({ personal }: { personal: PersonalBest }) {
  if (personal.status === 'loading') return <Skeleton width="4rem" />;
  if (personal.bestMs === null) return '–';
  return personal.status === 'account' && personal.saving ? `${personal.bestMs} ms (saving…)` : `${personal.bestMs} ms`;
}

function attemptLabel(attempt: Attempt): string {
  if (attempt.kind === 'jumpStart') return 'Jump start';
  return attempt.kind === 'guess' ? `${attempt.ms} ms (guess)` : `${attempt.ms} ms`;
}

export { ReactionGamePage as Component };
