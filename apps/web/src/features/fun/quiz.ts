import type { TriviaAnswerResponse } from '@slipstream/contract';

/** The score of a trivia round, from the checked answers in order (null: not answered yet). */
export type CheckedAnswer = TriviaAnswerResponse & { choice: number };

export type Tally = { answered: number; score: number; streak: number; bestStreak: number };

export function tally(answers: (CheckedAnswer | null)[]): Tally {
  let answered = 0;
  let score = 0;
  let streak = 0;
  let bestStreak = 0;
  for (const answer of answers) {
    if (!answer) continue;
    answered += 1;
    streak = answer.correct ? streak + 1 : 0;
    if (answer.correct) score += 1;
    bestStreak = Math.max(bestStreak, streak);
  }
  return { answered, score, streak, bestStreak };
}

/** A word for the final score out of ten. */
export function verdict(score: number, total: number): string {
  const share = score / total;
  if (share === 1) return 'A perfect round: world champion material.';
  if (share >= 0.8) return 'On the podium: you know your Formula 1.';
  if (share >= 0.5) return 'In the points. Another round?';
  return 'Out of the points this time. The next round is a fresh start.';
}
