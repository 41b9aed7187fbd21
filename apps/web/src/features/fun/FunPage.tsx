import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { QUESTIONS_PER_ROUND, type TriviaQuestion, type TriviaRound } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { api } from '../../lib/api';
import { useDarkMode } from '../../lib/theme';
import { Button } from '../../lib/ui/Button';
import { Card } from '../../lib/ui/Card';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { QueryState } from '../../lib/ui/QueryState';
import { Page } from '../../lib/ui/Page';
import { Skeleton } from '../../lib/ui/Skeleton';
import { tally, verdict, type CheckedAnswer } from './quiz';
import styles from './FunPage.module.css';

function FunPage() {
  // Each round is its own query, so "new round" is a new key and never a cached round.
  const [roundNumber, setRoundNumber] = useState(1);
  const round = useQuery({
    queryKey: ['trivia', 'round', roundNumber],
    queryFn: () => api('newTriviaRound'),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const newRound = () => setRoundNumber((n) => n + 1);

  return (
    <Page page="fun" lead={PAGE_DESCRIPTIONS.fun}>
      <div className={styles.stage}>
        <QueryState query={round} pending={<RoundSkeleton />} error={(error) => error.message}>
          {(data) => <Quiz key={data.id} round={data} firstRound={roundNumber === 1} onNewRound={newRound} />}
        </QueryState>
      </div>
    </Page>
  );
}

function Quiz({ round, firstRound, onNewRound }: { round: TriviaRound; firstRound: boolean; onNewRound: () => void }) {
  const [answers, setAnswers] = useState<(CheckedAnswer | null)[]>(() => round.questions.map(() => null));
  const [current, setCurrent] = useState(0);
  const check = useMutation({
    mutationFn: ({ question, choice }: { question: number; choice: number }) => api('answerTrivia', { params: { roundId: round.id }, body: { question, choice } }),
    onSuccess: (result, { question, choice }) =>
      setAnswers((previous) => previous.map((answer, i) => (i === question ? { ...result, choice } : answer))),
  });
  const { score, streak, bestStreak } = tally(answers);

  // Past the last question: the summary.
  if (current === round.questions.length) return <RoundSummary round={round} answers={answers} score={score} bestStreak={bestStreak} onNewRound={onNewRound} />;

  const question = round.questions[current]!;
  const answer = answers[current] ?? null;
  const isLast = current === round.questions.length - 1;
  return (
    <Card as="section" className={styles.quiz}>
      <div className={styles.status}>
        <p className={styles.progress}>
          Question {current + 1} of {round.questions.length}
        </p>
        <dl className={styles.tally}>
          <div>
            <dt>Score</dt>
            <dd>{score}</dd>
          </div>
          <div>
            <dt>Streak</dt>
            <dd>{streak}</dd>
          </div>
          <div>
            <dt>Best streak</dt>
            <dd>{bestStreak}</dd>
          </div>
        </dl>
      </div>
      <QuestionView
        key={current}
        // The page's first question leaves the focus where the visitor is; later ones take it.
        takeFocus={current > 0 || !firstRound}
        question={question}
        answer={answer}
        checking={check.isPending}
        onChoose={(choice) => check.mutate({ question: current, choice })}
      />
      {check.isError && !answer && (
        <ErrorNote message={check.error.message} onRetry={check.variables ? () => check.mutate(check.variables) : undefined} />
      )}
      {answer && <NextButton onClick={() => setCurrent(current + 1)} label={isLast ? 'See your score' : 'Next question'} />}
      <p className={styles.newRound}>
        <button type="button" className={styles.textButton} onClick={onNewRound}>
          Start a new round
        </button>
      </p>
    </Card>
  );
}

function QuestionView({
  takeFocus,
  question,
  answer,
  checking,
  onChoose,
}: {
  takeFocus: boolean;
  question: TriviaQuestion;
  answer: CheckedAnswer | null;
  checking: boolean;
  onChoose: (choice: number) => void;
}) {
  const [dark] = useDarkMode();
  const heading = useRef<HTMLHeadingElement>(null);
  // A new question takes the focus, so keyboard and screen-reader users start from its prompt.
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);

  return (
    <div className={styles.question}>
      <h2 ref={heading} tabIndex={-1} className={styles.prompt}>
        {question.prompt}
      </h2>
      {question.imageUrl && (
        <div className={styles.map}>
          <img
            src={dark ? question.imageUrl : `${question.imageUrl}?variant=black`}
            alt="The circuit’s layout, drawn as a line"
            width={240}
            height={240}
          />
        </div>
      )}
      <ul className={styles.options} aria-label="Answers">
        {question.options.map((option, choice) => (
          <li key={option}>
            <button
              type="button"
              className={styles.option}
              data-state={optionState(choice, answer)}
              aria-disabled={answer !== null || checking}
              onClick={() => answer === null && !checking && onChoose(choice)}
            >
              <span className={styles.optionLetter} aria-hidden="true">
                {String.fromCharCode(65 + choice)}
              </span>
              <span>{option}</span>
              {answer && choice === answer.answer && <span className="visually-hidden"> (right answer)</span>}
              {answer && choice === answer.choice && !answer.correct && <span className="visually-hidden"> (your answer)</span>}
            </button>
          </li>
        ))}
      </ul>
      <div className={styles.feedback} aria-live="polite">
        {checking && !answer && <p className={styles.checking}>Checking…</p>}
        {answer && (
          <p className={styles.fact} data-correct={answer.correct}>
            <strong>{answer.correct ? 'Right!' : 'Not quite.'}</strong> {answer.fact}
          </p>
        )}
      </div>
    </div>
  );
}

function optionState(choice: number, answer: CheckedAnswer | null): string {
  if (!answer) return 'open';
  if (choice === answer.answer) return 'right';
  return choice === answer.choice ? 'wrong' : 'other';
}

/** The way on after an answer, focused at once so Enter or Space moves along. */
function NextButton({ onClick, label }: { onClick: () => void; label: string }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <Button ref={button} className={styles.next} onClick={onClick}>
      {label}
    </Button>
  );
}

function RoundSummary({
  round,
  answers,
  score,
  bestStreak,
  onNewRound,
}: {
  round: TriviaRound;
  answers: (CheckedAnswer | null)[];
  score: number;
  bestStreak: number;
  onNewRound: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card as="section" className={styles.quiz}>
      <h2 ref={heading} tabIndex={-1} className={styles.prompt}>
        You scored {score} out of {QUESTIONS_PER_ROUND}
      </h2>
      <p className={styles.verdict}>
        {verdict(score, QUESTIONS_PER_ROUND)} Best streak: {bestStreak}.
      </p>
      <Button className={styles.next} onClick={onNewRound}>
        Play a new round
      </Button>
      <ol className={styles.review} aria-label="Your answers">
        {round.questions.map((question, i) => {
          const answer = answers[i]!;
          return (
            <li key={i} className={styles.reviewItem} data-correct={answer.correct}>
              <p className={styles.reviewPrompt}>
                <span className={styles.mark} aria-hidden="true">
                  {answer.correct ? '✓' : '✗'}
                </span>
                {question.prompt}
                <span className="visually-hidden">{answer.correct ? ' Right.' : ' Wrong.'}</span>
              </p>
              <p className={styles.reviewFact}>
                {!answer.correct && <>You said {question.options[answer.choice]}. </>}
                {answer.fact}
              </p>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

function RoundSkeleton() {
  return (
    <Card className={styles.quiz}>
      <div role="status" aria-label="Loading a round">
        <Skeleton width="10rem" />
        <Skeleton width="80%" height="2rem" shape="block" />
        <div className={styles.options}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} width="100%" height="3.5rem" shape="block" />
          ))}
        </div>
      </div>
    </Card>
  );
}

export { FunPage as Component };
