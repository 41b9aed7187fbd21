import { z } from './zod';

/**
 * Trivia (/fun): rounds of questions generated from the F1 data. A round carries no answers: each answer is
 * checked by the server, which rebuilds the round from its signed id, and only then tells the right option and
 * the fact behind it.
 */

export const QUESTIONS_PER_ROUND = 10;
export const OPTIONS_PER_QUESTION = 4;

export const triviaQuestionKind = z.enum(['race-winner', 'most-wins', 'circuit-map', 'driver-team', 'champion']);
export type TriviaQuestionKind = z.infer<typeof triviaQuestionKind>;

export const triviaQuestion = z.object({
  kind: triviaQuestionKind,
  prompt: z.string(),
  /** The circuit drawing a circuit-map question shows (add ?variant=black on light backgrounds); else null. */
  imageUrl: z.string().nullable(),
  options: z.array(z.string()).length(OPTIONS_PER_QUESTION),
});
export type TriviaQuestion = z.infer<typeof triviaQuestion>;

/** POST /api/trivia/rounds: a fresh round. */
export const triviaRound = z.object({
  id: z.string(),
  questions: z.array(triviaQuestion).length(QUESTIONS_PER_ROUND),
});
export type TriviaRound = z.infer<typeof triviaRound>;

/** A round id: a signed token the server issued ("<payload>.<signature>", base64url). */
export const triviaRoundParams = z.object({
  roundId: z.string().regex(/^[\w-]+\.[\w-]+$/, 'a round id from POST /api/trivia/rounds').max(200),
});

const questionIndex = z.coerce.number().int().min(0).max(QUESTIONS_PER_ROUND - 1);

export const triviaMapParams = triviaRoundParams.extend({ question: questionIndex });
export const triviaMapQuery = z.object({ variant: z.enum(['white', 'black']).default('white') });

/** POST /api/trivia/rounds/:roundId/answers. */
export const triviaAnswerRequest = z.object({
  question: z.number().int().min(0).max(QUESTIONS_PER_ROUND - 1),
  choice: z.number().int().min(0).max(OPTIONS_PER_QUESTION - 1),
});
export type TriviaAnswerRequest = z.infer<typeof triviaAnswerRequest>;

export const triviaAnswerResponse = z.object({
  correct: z.boolean(),
  /** The index of the right option. */
  answer: z.number().int().min(0).max(OPTIONS_PER_QUESTION - 1),
  /** The fact behind it: "Lewis Hamilton won the 2008 British Grand Prix from 4th on the grid." */
  fact: z.string(),
});
export type TriviaAnswerResponse = z.infer<typeof triviaAnswerResponse>;
