import type { SessionKind } from '@slipstream/contract';
import { readArchiveJson, type ArchiveClient } from './archive';

export type ArchiveSessionKind =
  | 'RACE'
  | 'SPRINT_RACE'
  | 'QUALIFYING'
  | 'SPRINT_QUALIFYING'
  | 'FREE_PRACTICE_1'
  | 'FREE_PRACTICE_2'
  | 'FREE_PRACTICE_3';

/** The timetable's session each of the archive's session kinds is. */
export const archiveSessions = {
  RACE: 'RACE',
  SPRINT_RACE: 'SPRINT',
  QUALIFYING: 'QUALIFYING',
  SPRINT_QUALIFYING: 'SPRINT_QUALIFYING',
  FREE_PRACTICE_1: 'FREE_PRACTICE_1',
  FREE_PRACTICE_2: 'FREE_PRACTICE_2',
  FREE_PRACTICE_3: 'FREE_PRACTICE_3',
} as const satisfies Record<ArchiveSessionKind, SessionKind>;

/** One session folder of the archive. */
export type ArchiveSession = {
  year: number;
  kind: ArchiveSessionKind;
  /** The folder under static/, ending in "/": "2025/2025-05-04_Miami_Grand_Prix/2025-05-03_Sprint/". */
  path: string;
  meetingName: string;
  /** The archive's name for the session, which changed over the years ("Sprint Qualifying" was the 2021 sprint). */
  sessionName: string;
};

export type ArchiveSessionTarget = {
  year: number;
  /** F1DB's race date (UTC day), YYYY-MM-DD. */
  raceDate: string;
  /** F1DB's date of this session (UTC day), YYYY-MM-DD. */
  sessionDate: string;
  kind: ArchiveSessionKind;
  /** F1DB's grand prix full name, e.g. "Miami Grand Prix"; the archive names meeting folders after it. */
  grandPrixName: string;
};

/** The archive's session type for each kind, as Index.json writes it. */
const archiveType: Record<ArchiveSessionKind, string> = {
  RACE: 'Race',
  SPRINT_RACE: 'Race',
  QUALIFYING: 'Qualifying',
  SPRINT_QUALIFYING: 'Qualifying',
  FREE_PRACTICE_1: 'Practice',
  FREE_PRACTICE_2: 'Practice',
  FREE_PRACTICE_3: 'Practice',
};

/**
 * The archive's names for a kind of session in a season. The sprint was called "Sprint Qualifying" in 2021 and
 * "Sprint" since; its qualifying was the "Sprint Shootout" in 2023 and is "Sprint Qualifying" since 2024 (2021
 * and 2022 sprints had none: Friday's qualifying set their grid).
 */
export function archiveSessionNames(kind: ArchiveSessionKind, year: number): string[] {
  switch (kind) {
    case 'RACE':
      return ['Race'];
    case 'QUALIFYING':
      return ['Qualifying'];
    case 'SPRINT_RACE':
      return year <= 2021 ? ['Sprint Qualifying', 'Sprint'] : ['Sprint'];
    case 'SPRINT_QUALIFYING':
      if (year < 2023) return [];
      return year === 2023 ? ['Sprint Shootout'] : ['Sprint Qualifying'];
    case 'FREE_PRACTICE_1':
      return ['Practice 1'];
    case 'FREE_PRACTICE_2':
      return ['Practice 2'];
    case 'FREE_PRACTICE_3':
      return ['Practice 3'];
  }
}

const KINDS = Object.keys(archiveType) as ArchiveSessionKind[];

/** Which kind of session the archive means by a name and type in a season ("Sprint Qualifying" was a sprint in 2021). */
export function archiveSessionKind(year: number, name: string, type?: string): ArchiveSessionKind | undefined {
  const named = KINDS.filter((kind) => archiveSessionNames(kind, year).includes(name));
  return named.find((kind) => archiveType[kind] === type) ?? named[0];
}

/** The folder the archive would use when its index is missing: `{year}/{race date}_{Meeting_Name}/{session date}_{Session_Name}/`. */
export function archiveFolder(year: number, raceDate: string, meetingName: string, sessionDate: string, sessionName: string): string {
  const folder = (date: string, name: string) => `${date}_${name.trim().replace(/\s+/g, '_')}`;
  return `${year}/${folder(raceDate, meetingName)}/${folder(sessionDate, sessionName)}/`;
}

/** Which archive folder holds this session: from `{year}/Index.json`, else by the folder naming rule. */
export async function findArchiveSession(client: ArchiveClient, target: ArchiveSessionTarget): Promise<ArchiveSession | undefined> {
  for (const date of [target.raceDate, target.sessionDate]) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) throw new Error(`Not a date YYYY-MM-DD: ${date}`);
  }
  const names = archiveSessionNames(target.kind, target.year);
  if (names.length === 0) return undefined;
  return (await findInIndex(client, target, names)) ?? (await findByFolderName(client, target, names));
}

type IndexSession = { Type?: string; Name?: string; Path?: string; StartDate?: string; GmtOffset?: string };
type IndexMeeting = { Name?: string; Sessions?: IndexSession[] };

async function findInIndex(client: ArchiveClient, target: ArchiveSessionTarget, names: string[]): Promise<ArchiveSession | undefined> {
  const index = (await readArchiveJson(client, `${target.year}/Index.json`)) as { Meetings?: IndexMeeting[] } | undefined;
  const matches = (index?.Meetings ?? []).flatMap((meeting) =>
    (meeting.Sessions ?? [])
      .filter((session) => session.Path && names.includes(session.Name ?? '') && (session.Type ?? archiveType[target.kind]) === archiveType[target.kind])
      .filter((session) => startDates(session).includes(target.sessionDate))
      .map((session) => ({ meeting, session })),
  );
  // Two meetings never hold the same kind of session on one day; the name settles a malformed index.
  const match = matches.length > 1 ? matches.find(({ meeting }) => meeting.Name === target.grandPrixName) : matches[0];
  if (!match) return undefined;
  return {
    year: target.year,
    kind: target.kind,
    path: match.session.Path!,
    meetingName: match.meeting.Name ?? target.grandPrixName,
    sessionName: match.session.Name!,
  };
}

/** The UTC day of a session's start (F1DB's dates are UTC days), and its local day as the archive writes it. */
function startDates(session: IndexSession): string[] {
  const local = session.StartDate?.slice(0, 10);
  if (!local) return [];
  const utc = indexSessionStart(session)?.toISOString().slice(0, 10);
  return utc ? [utc, local] : [local];
}

/** When a session of `{year}/Index.json` starts (UTC), from its local StartDate and GmtOffset; undefined without both. */
export function indexSessionStart(session: { StartDate?: string; GmtOffset?: string }): Date | undefined {
  const offset = /^(-)?(\d{2}):(\d{2})/.exec(session.GmtOffset ?? '');
  const local = Date.parse(`${session.StartDate}Z`);
  if (!offset || Number.isNaN(local)) return undefined;
  const offsetMs = (offset[1] ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) * 60_000;
  return new Date(local - offsetMs);
}

/**
 * Without an index, the folder is named after local dates, which can be a day before or after F1DB's UTC days
 * (a Las Vegas race at 22:00 local is the next day in UTC): each nearby day is tried, the same day first.
 */
async function findByFolderName(client: ArchiveClient, target: ArchiveSessionTarget, names: string[]): Promise<ArchiveSession | undefined> {
  for (const shift of [[0, 0], [-1, -1], [0, -1], [-1, 0], [1, 1], [0, 1], [1, 0]] as const) {
    const raceDate = addDays(target.raceDate, shift[0]);
    const sessionDate = addDays(target.sessionDate, shift[1]);
    for (const sessionName of names) {
      const path = archiveFolder(target.year, raceDate, target.grandPrixName, sessionDate, sessionName);
      if (await client.has(`${path}SessionInfo.jsonStream`)) {
        return { year: target.year, kind: target.kind, path, meetingName: target.grandPrixName, sessionName };
      }
    }
  }
  return undefined;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
