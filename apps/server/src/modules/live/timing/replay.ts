import { FIRST_ARCHIVED_SEASON, TOWER_TOPICS, type ReplayCatalogue, type ReplaySession } from '@slipstream/contract/live-timing';
import type { Db } from '../../../db/client';
import { archiveSessions, checkedJsonText, findArchiveSession, indexSessionStart, LiveTimingMalformed, LiveTimingUnavailable, readArchiveJson, readTopicStream, type ArchiveClient, type ArchiveSessionKind } from '../../../ingest/livetiming';
import { loadSeasonMeetings } from '../../f1/calendar/queries';
import { describeSession } from '../../f1/calendar/timetable';
import { HttpError } from '../../../lib/errors';
import { sharedBudget } from '../../../lib/http-body';
import { DEFAULT_REPLAY_MAX_BYTES } from '../../../lib/cache/budgets';

/** F1's archive out of reach or answering nonsense is the archive's failure, not ours: 502, saying so. */
export async function fromArchive<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof LiveTimingUnavailable || error instanceof LiveTimingMalformed) {
      throw new HttpError(502, `F1's timing archive could not be read: ${error.message}`);
    }
    throw error;
  }
}

/** The JSON of a replay by its catalogue ref: what GET /api/live/replays/session sends (and keeps, replay-store.ts). */
export function replayPreparer(deps: { client: ArchiveClient; db: Db; maxBytes: number }): (ref: string) => Promise<string> {
  return async (ref) => fromArchive(async () => replaySessionJson(deps.client, await resolveReplayRef(deps, ref), deps.maxBytes));
}

/**
 * Every topic the tower needs of an archived session, as one list of messages in the order they were sent: a
 * ReplaySession as JSON text. The topics' files together may weigh at most maxBytes (each file is also under the
 * client's own cap). Each delta is checked to be JSON and passed on as the archive wrote it, not parsed into objects
 * and written out again.
 */
export async function replaySessionJson(client: ArchiveClient, session: ReplaySession['session'], maxBytes = DEFAULT_REPLAY_MAX_BYTES): Promise<string> {
  const topics: string[] = [];
  const problems: string[] = [];
  const budget = sharedBudget(maxBytes);
  const streams = await Promise.all(TOWER_TOPICS.map(async (topic) => ({ topic, stream: await readTopicStream(client, session.path, topic, { budget, readDelta: checkedJsonText }) })));
  const messages: { offsetMs: number; json: string }[] = [];
  for (const { topic, stream } of streams) {
    if (!stream) continue;
    const index = topics.push(topic) - 1;
    problems.push(...stream.problems);
    for (const message of stream.messages) messages.push({ offsetMs: message.offsetMs, json: `[${index},${message.offsetMs},${message.delta}]` });
  }
  if (messages.length === 0) throw new HttpError(404, `The archive has no timing for ${session.path}`);
  // A stable sort keeps each topic's own order for messages sent in the same millisecond.
  messages.sort((a, b) => a.offsetMs - b.offsetMs);
  const head = JSON.stringify({ session, topics, problems }).slice(0, -1);
  return `${head},"messages":[${messages.map((message) => message.json).join(',')}]}`;
}

type IndexSession = { Name?: string; Path?: string; StartDate?: string; GmtOffset?: string };
type IndexMeeting = { Name?: string; Sessions?: IndexSession[] };

/** The sessions a fan can replay in a season: from the archive's index when it has one, else from the calendar. */
export async function replayCatalogue(deps: { client: ArchiveClient; db: Db; now: Date }, season: number): Promise<ReplayCatalogue> {
  const seasons = Array.from({ length: deps.now.getUTCFullYear() - FIRST_ARCHIVED_SEASON + 1 }, (_, index) => deps.now.getUTCFullYear() - index);
  const index = (await readArchiveJson(deps.client, `${season}/Index.json`)) as { Meetings?: IndexMeeting[] } | undefined;
  if (index?.Meetings) {
    const meetings = index.Meetings.map((meeting) => ({
      name: meeting.Name ?? 'Meeting',
      sessions: (meeting.Sessions ?? []).flatMap((session) =>
        session.Path && session.Name ? [{ name: session.Name, startsAt: indexSessionStart(session)?.toISOString() ?? null, ref: session.Path }] : [],
      ),
    })).filter((meeting) => meeting.sessions.length > 0);
    return { season, listedFrom: 'archive-index', meetings, seasons };
  }
  const meetings = (await loadSeasonMeetings(deps.db, season)).map((meeting) => ({
    name: meeting.name,
    sessions: meeting.sessions.flatMap((session) => {
      const kind = archiveKindOf(session.kind);
      const ended = session.startsAt !== null && Date.parse(session.startsAt) < deps.now.getTime();
      if (!kind || !ended) return [];
      return [{ name: describeSession(session.kind, season, meeting.sprintQualifyingFormat), startsAt: session.startsAt, ref: `calendar:${season}:${meeting.round}:${kind}` }];
    }),
  }));
  return { season, listedFrom: 'calendar', meetings: meetings.filter((meeting) => meeting.sessions.length > 0), seasons };
}

function archiveKindOf(kind: string): ArchiveSessionKind | undefined {
  return (Object.keys(archiveSessions) as ArchiveSessionKind[]).find((archiveKind) => archiveSessions[archiveKind] === kind);
}

/** The archive folder a catalogue's `ref` names: the folder itself, or the calendar's session looked up in the archive. */
async function resolveReplayRef(deps: { client: ArchiveClient; db: Db }, ref: string): Promise<ReplaySession['session']> {
  const calendar = /^calendar:(\d{4}):(\d{1,2}):([A-Z_0-9]+)$/.exec(ref);
  if (!calendar) {
    const [, meeting = '', session = ''] = ref.split('/');
    const name = (folder: string) => folder.replace(/^\d{4}-\d{2}-\d{2}_/, '').replace(/_/g, ' ');
    return { path: ref, meetingName: name(meeting), sessionName: name(session) };
  }
  const [season, round, kind] = [Number(calendar[1]), Number(calendar[2]), calendar[3] as ArchiveSessionKind];
  const meeting = (await loadSeasonMeetings(deps.db, season)).find((candidate) => candidate.round === round);
  const session = meeting?.sessions.find((candidate) => candidate.kind === archiveSessions[kind]);
  if (!meeting || !session || !(kind in archiveSessions)) throw new HttpError(404, 'No such session in the calendar');
  const found = await findArchiveSession(deps.client, { year: season, raceDate: meeting.date, sessionDate: session.date, kind, grandPrixName: meeting.name });
  if (!found) throw new HttpError(404, `The archive has no ${describeSession(session.kind, season, meeting.sprintQualifyingFormat)} of the ${season} ${meeting.name}`);
  return { path: found.path, meetingName: found.meetingName, sessionName: found.sessionName };
}
