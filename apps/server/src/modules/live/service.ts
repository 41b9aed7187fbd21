import type { ClassificationRow, LiveCentreResponse, LiveClassification, MeetingDetailResponse, SessionKind, TimetableEntry } from '@slipstream/contract';
import type { MeetingRecord } from '../f1/calendar/queries';
import { currentOrNextMeeting, lastFinishedMeeting } from '../f1/calendar/service';
import type { F1Context } from '../f1/context';
import { meetingDetail } from '../f1/results/service';

/** The sessions our data classifies, and where a meeting's detail keeps each classification. */
const CLASSIFIED: Partial<Record<SessionKind, keyof Pick<MeetingDetailResponse['results'], 'sprintQualifying' | 'sprint' | 'qualifying' | 'race' | 'practice'>>> = {
  FREE_PRACTICE_1: 'practice',
  FREE_PRACTICE_2: 'practice',
  FREE_PRACTICE_3: 'practice',
  FREE_PRACTICE_4: 'practice',
  SPRINT_QUALIFYING: 'sprintQualifying',
  SPRINT: 'sprint',
  QUALIFYING: 'qualifying',
  RACE: 'race',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The live session centre by the clock: the meeting being raced or next, the latest finished session that has a
 * stored classification (this weekend's, else the previous meeting's), and this weekend's finished sessions
 * whose classification is not stored yet.
 */
export async function liveCentre(ctx: F1Context): Promise<LiveCentreResponse> {
  const meeting = await currentOrNextMeeting(ctx);
  const detail = meeting ? await detailOf(ctx, meeting) : null;
  const ended = detail ? endedClassifiedSessions(detail) : [];
  const stored = ended.filter((entry) => classificationOf(detail!, entry.session).length > 0);
  const awaiting = ended.filter((entry) => !stored.includes(entry)).map(({ session, description }) => ({ session, description }));

  let latest = detail && stored.length > 0 ? classification(detail, stored.at(-1)!) : null;
  if (!latest) latest = await previousMeetingClassification(ctx);
  return { meeting: detail ? withoutResults(detail) : null, latest, awaiting };
}

async function previousMeetingClassification(ctx: F1Context): Promise<LiveClassification | null> {
  const previous = await lastFinishedMeeting(ctx);
  if (!previous) return null;
  const detail = await detailOf(ctx, previous);
  const entry = endedClassifiedSessions(detail).findLast((e) => classificationOf(detail, e.session).length > 0);
  return entry ? classification(detail, entry) : null;
}

function detailOf(ctx: F1Context, meeting: MeetingRecord): Promise<MeetingDetailResponse> {
  return meetingDetail(ctx, meeting.season, meeting.slug);
}

/** The meeting's classified sessions that have ended by the clock, in timetable order. */
function endedClassifiedSessions(detail: MeetingDetailResponse): TimetableEntry[] {
  return detail.timetables.filter((entry) => entry.status === 'completed' && CLASSIFIED[entry.session]);
}

function classificationOf(detail: MeetingDetailResponse, session: SessionKind): ClassificationRow[] {
  const key = CLASSIFIED[session];
  if (key === 'practice') return detail.results.practice.find((classification) => classification.session === session)?.rows ?? [];
  return key ? detail.results[key] : [];
}

function classification(detail: MeetingDetailResponse, entry: TimetableEntry): LiveClassification {
  return {
    season: detail.season,
    round: detail.round,
    meetingName: detail.meetingName,
    slug: detail.slug,
    session: entry.session,
    description: entry.description,
    endedAt: entry.endTimeUtc ?? new Date(Date.parse(`${entry.date}T00:00:00Z`) + DAY_MS).toISOString(),
    rows: classificationOf(detail, entry.session),
    provisional: detail.results.provisional.includes(entry.session),
  };
}

function withoutResults({ results: _results, circuitFacts: _facts, ...summary }: MeetingDetailResponse) {
  return summary;
}
