import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TriviaAnswerRequest, TriviaRound } from '@slipstream/contract';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { Component as FunPage } from './FunPage';
import { tally } from './quiz';

/** Ten questions whose right option is A for even questions and B for odd ones; question 3 shows a map. */
function makeRound(id: string): TriviaRound {
  return {
    id,
    questions: Array.from({ length: 10 }, (_, i) => ({
      kind: i === 3 ? 'circuit-map' : 'race-winner',
      prompt: i === 3 ? 'Which circuit is this?' : `Who won race ${i + 1} of ${id}?`,
      imageUrl: i === 3 ? `/api/trivia/rounds/${id}/questions/3/map.svg` : null,
      options: ['Driver A', 'Driver B', 'Driver C', 'Driver D'].map((name) => `${name} ${i + 1}`),
    })),
  };
}

function mockTrivia() {
  let rounds = 0;
  return mockApi({
    '/api/trivia/rounds': () => json(makeRound(`round-${++rounds}`), 201),
    [`/api/trivia/rounds/round-1/answers`]: async (request) => {
      const { question, choice } = (await request.json()) as TriviaAnswerRequest;
      const answer = question % 2;
      return json({ correct: choice === answer, answer, fact: `Driver ${'AB'[answer]} ${question + 1} won race ${question + 1}.` });
    },
  });
}

const option = (name: string) => within(screen.getByRole('list', { name: 'Answers' })).getByRole('button', { name: new RegExp(`^${name}`) });

describe('the trivia page', () => {
  it('plays a round to the end: score, streaks, facts and a summary, then starts a fresh round', async () => {
    const fetchMock = mockTrivia();
    const user = userEvent.setup();
    renderWithApp(<FunPage />);
    expect(await screen.findByRole('heading', { name: 'Who won race 1 of round-1?' })).not.toHaveFocus();
    expect(screen.getByText('Question 1 of 10')).toBeInTheDocument();

    // Right, right, wrong, then right to the end: score 9, best streak 7.
    const choices = [0, 1, 1, 1, 0, 1, 0, 1, 0, 1];
    for (const [question, choice] of choices.entries()) {
      if (question === 3) {
        expect(screen.getByRole('img', { name: 'The circuit’s layout, drawn as a line' })).toHaveAttribute(
          'src',
          '/api/trivia/rounds/round-1/questions/3/map.svg?variant=black',
        );
      }
      await user.click(option(`Driver ${'ABCD'[choice]} ${question + 1}`));
      const right = question % 2;
      expect(await screen.findByText(`Driver ${'AB'[right]} ${question + 1} won race ${question + 1}.`)).toBeInTheDocument();
      expect(option(`Driver ${'AB'[right]} ${question + 1}`)).toHaveAttribute('data-state', 'right');
      expect(option(`Driver ${'AB'[right]} ${question + 1}`)).toHaveAccessibleName(`Driver ${'AB'[right]} ${question + 1} (right answer)`);
      const next = screen.getByRole('button', { name: question === 9 ? 'See your score' : 'Next question' });
      expect(next).toHaveFocus();
      if (question === 0) {
        // Answered: the options take no second answer.
        await user.click(option('Driver D 1'));
        expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/answers'))).toHaveLength(1);
        expect(option('Driver D 1')).toHaveAttribute('data-state', 'other');
        next.focus();
      }
      if (question === 2) {
        expect(screen.getByText('Not quite.')).toBeInTheDocument();
        expect(option('Driver B 3')).toHaveAttribute('data-state', 'wrong');
        const tallies = screen.getByText('Score').closest('dl')!;
        expect(tallies).toHaveTextContent('Score2Streak0Best streak2');
      }
      await user.keyboard('{Enter}');
      if (question < 9) expect(screen.getByRole('heading', { name: /^Who won|^Which circuit/ })).toHaveFocus();
    }
    const answerCalls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/answers'));
    expect(answerCalls).toHaveLength(10);

    expect(screen.getByRole('heading', { name: 'You scored 9 out of 10' })).toHaveFocus();
    expect(screen.getByText(/Best streak: 7\./)).toBeInTheDocument();
    const review = within(screen.getByRole('list', { name: 'Your answers' })).getAllByRole('listitem');
    expect(review).toHaveLength(10);
    expect(review[2]).toHaveTextContent('Who won race 3 of round-1? Wrong.You said Driver B 3. Driver A 3 won race 3.');

    await user.click(screen.getByRole('button', { name: 'Play a new round' }));
    expect(await screen.findByRole('heading', { name: 'Who won race 1 of round-2?' })).toHaveFocus();
    expect(screen.getByText('Score').closest('dl')).toHaveTextContent('Score0Streak0Best streak0');
  });

  it('says so when an answer cannot be checked, and lets the player try again', async () => {
    let failures = 1;
    mockApi({
      '/api/trivia/rounds': () => json(makeRound('round-1'), 201),
      '/api/trivia/rounds/round-1/answers': () =>
        failures-- > 0 ? json({ message: 'The F1 data was updated during this round: start a new one' }, 409) : json({ correct: true, answer: 0, fact: 'A fact.' }),
    });
    const user = userEvent.setup();
    renderWithApp(<FunPage />);
    await user.click(await screen.findByRole('button', { name: /^Driver A 1/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The F1 data was updated during this round: start a new one');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('A fact.')).toBeInTheDocument();
  });
});

describe('tally', () => {
  it('counts the score, the current streak and the best streak', () => {
    const mark = (correct: boolean) => ({ correct, answer: 0, fact: '', choice: correct ? 0 : 1 });
    expect(tally([mark(true), mark(true), mark(false), mark(true), null, null])).toEqual({ answered: 4, score: 3, streak: 1, bestStreak: 2 });
    expect(tally([null, null])).toEqual({ answered: 0, score: 0, streak: 0, bestStreak: 0 });
  });
});
