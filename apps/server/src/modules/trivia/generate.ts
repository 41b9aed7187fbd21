import { OPTIONS_PER_QUESTION, QUESTIONS_PER_ROUND, triviaQuestionKind, type TriviaQuestionKind } from '@slipstream/contract';
import type { TriviaPools } from './pools';
import { pick, sample, seededRandom, shuffled, type Random } from './random';

/** A question with what only the server knows: the right option, the fact behind it, the drawing to show. */
export type GeneratedQuestion = {
  kind: TriviaQuestionKind;
  /** What makes two questions the same question (the race, the season, the circuit...). */
  key: string;
  prompt: string;
  options: string[];
  answer: number;
  fact: string;
  layoutId: string | null;
};

type Draft = Omit<GeneratedQuestion, 'kind' | 'options' | 'answer'> & { correct: string; distractors: string[] };
type Maker = (pools: TriviaPools, random: Random) => Draft | null;

/** How often a kind is tried before the round moves on to another kind. */
const ATTEMPTS = 25;

/** Ten questions, two of each kind in a random order, no two alike; the same pools and seed give the same round. */
export function generateRound(pools: TriviaPools, seed: number): GeneratedQuestion[] {
  const random = seededRandom(seed);
  const kinds = triviaQuestionKind.options;
  const plan = shuffled(random, Array.from({ length: QUESTIONS_PER_ROUND }, (_, i) => kinds[i % kinds.length]!));
  const used = new Set<string>();
  return plan.map((planned) => {
    // A kind the data cannot serve (too few facts yet) gives way to the others.
    for (const kind of [planned, ...kinds.filter((k) => k !== planned)]) {
      const question = drawQuestion(kind, pools, random, used);
      if (question) {
        used.add(question.key);
        return question;
      }
    }
    throw new Error('Not enough F1 data for a trivia round');
  });
}

function drawQuestion(kind: TriviaQuestionKind, pools: TriviaPools, random: Random, used: Set<string>): GeneratedQuestion | null {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const draft = MAKERS[kind](pools, random);
    if (!draft || used.has(draft.key)) continue;
    const labels = [draft.correct, ...new Set(draft.distractors.filter((label) => label !== draft.correct))];
    if (labels.length < OPTIONS_PER_QUESTION) continue;
    const options = shuffled(random, labels.slice(0, OPTIONS_PER_QUESTION));
    const { key, prompt, fact, layoutId } = draft;
    return { kind, key, prompt, options, answer: options.indexOf(draft.correct), fact, layoutId };
  }
  return null;
}

const MAKERS: Record<TriviaQuestionKind, Maker> = {
  'race-winner': (pools, random) => {
    if (pools.races.length === 0) return null;
    const race = pick(random, pools.races);
    const title = `${race.year} ${race.grandPrix}`;
    const start = gridWords(race.winnerGrid);
    return {
      key: `race:${race.raceId}`,
      prompt: `Who won the ${title}?`,
      correct: race.winner,
      distractors: sample(random, race.others, 3),
      fact: `${race.winner} won the ${title}${start ? ` ${start}` : ''}.`,
      layoutId: null,
    };
  },

  'most-wins': (pools, random) => {
    const chosen: TriviaPools['winCounts'] = [];
    for (const candidate of shuffled(random, pools.winCounts)) {
      if (!chosen.some((c) => c.wins === candidate.wins)) chosen.push(candidate);
      if (chosen.length === OPTIONS_PER_QUESTION) break;
    }
    if (chosen.length < OPTIONS_PER_QUESTION) return null;
    const [most, ...rest] = chosen.toSorted((a, b) => b.wins - a.wins);
    const restWords = rest.map((c) => `${c.driver} ${c.wins}`);
    return {
      key: `wins:${chosen.map((c) => c.driver).toSorted().join('|')}`,
      prompt: 'Which of these drivers won the most Grands Prix?',
      correct: most!.driver,
      distractors: rest.map((c) => c.driver),
      fact: `${most!.driver} won ${most!.wins} Grands Prix; ${restWords.slice(0, -1).join(', ')} and ${restWords.at(-1)}.`,
      layoutId: null,
    };
  },

  'circuit-map': (pools, random) => {
    if (pools.circuits.length < OPTIONS_PER_QUESTION) return null;
    const circuit = pick(random, pools.circuits);
    const others = pools.circuits.filter((c) => c.circuitId !== circuit.circuitId).map((c) => c.fullName);
    const span = circuit.lastYear === pools.season ? `since ${circuit.firstYear}` : `from ${circuit.firstYear} to ${circuit.lastYear}`;
    return {
      key: `circuit:${circuit.circuitId}`,
      prompt: 'Which circuit is this?',
      correct: circuit.fullName,
      distractors: sample(random, others, 3),
      fact: `This is ${circuit.fullName} in ${circuit.place}, ${circuit.country}: ${circuit.races} championship races ${span}.`,
      layoutId: circuit.layoutId,
    };
  },

  'driver-team': (pools, random) => {
    if (pools.driverSeasons.length === 0) return null;
    const season = pick(random, pools.driverSeasons);
    const teams = pools.seasonTeams.find((s) => s.year === season.year)?.teams ?? [];
    return {
      key: `team:${season.year}:${season.driver}`,
      prompt: `Which team did ${season.driver} drive for in ${season.year}?`,
      correct: season.team,
      distractors: sample(random, teams.filter((team) => team !== season.team), 3),
      fact: `${season.driver} drove for ${season.team} in ${season.year} and ${season.position === 1 ? 'won the championship' : `finished ${ordinal(season.position)} in the championship`}.`,
      layoutId: null,
    };
  },

  champion: (pools, random) => {
    const champions = pools.standings.filter((s) => s.position === 1);
    if (champions.length === 0) return null;
    const champion = pick(random, champions);
    const rivals = pools.standings.filter((s) => s.year === champion.year && s.position > 1);
    const runnerUp = rivals.find((s) => s.position === 2);
    if (!runnerUp) return null;
    const gap = round2(champion.points - runnerUp.points);
    const margin = gap === 0 ? `level on points with ${runnerUp.driver} and ahead on countback` : `${pointsWords(gap)} ahead of ${runnerUp.driver}`;
    return {
      key: `champion:${champion.year}`,
      prompt: `Who was the Formula 1 world champion in ${champion.year}?`,
      correct: champion.driver,
      distractors: sample(random, rivals.map((s) => s.driver), 3),
      fact: `${champion.driver} won the ${champion.year} title with ${pointsWords(champion.points)}, ${margin}.`,
      layoutId: null,
    };
  },
};

/** "from pole position", "from 4th on the grid", "from the pit lane"; empty when the grid is unknown. */
export function gridWords(grid: string | null): string {
  if (grid === '1') return 'from pole position';
  if (grid === 'PL') return 'from the pit lane';
  if (grid && /^\d+$/.test(grid)) return `from ${ordinal(Number(grid))} on the grid`;
  return '';
}

export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function pointsWords(points: number): string {
  const value = round2(points);
  return `${value} ${value === 1 ? 'point' : 'points'}`;
}
