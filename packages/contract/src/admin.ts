import { z } from './zod';
import { emailAddress } from './accounts';
import { sessionKind } from './f1';
import { zonedTime } from './values';

/** One entry of the audit log: who changed what and when, with the values before and after. */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/* Admin dashboard, users, audit log and diagnostics (/api/admin/...). */

const wholeNumber = (min: number, max: number, fallback: number) => {
  const error = `a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback);
};
const instant = z.iso.datetime({ offset: true, message: 'an ISO 8601 instant, e.g. 2025-07-05T12:00:00Z' });
const searchText = z.string().trim().max(200, 'at most 200 characters');

/** The largest id a serial column holds (PostgreSQL integer). */
const MAX_SERIAL = 2_147_483_647;

/** GET /api/admin/audit: newest first, a page of `limit` entries older than `before` (the cursor: an entry id). */
export const auditQuery = z
  .object({
    /** Entries whose action starts with this, e.g. "user." or "data.reimport". */
    action: searchText.optional(),
    targetType: searchText.optional(),
    /** Part of the actor's e-mail address, any case. */
    actor: searchText.optional(),
    from: instant.optional(),
    to: instant.optional(),
    before: wholeNumber(1, MAX_SERIAL, MAX_SERIAL),
    limit: wholeNumber(1, 100, 25),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from must not be after to', path: ['from'] });
export type AuditQuery = z.infer<typeof auditQuery>;
export const auditResponse = z.object({
  entries: z.array(auditEntry),
  /** The `before` of the next (older) page, null on the last one. */
  nextBefore: z.number().int().nullable(),
});
export type AuditResponse = z.infer<typeof auditResponse>;

/** The newest F1DB import, as data_imports recorded it. */
export const importRecord = z.object({
  version: z.string(),
  dataDate: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  changedRows: z.number().int(),
});
export type ImportRecord = z.infer<typeof importRecord>;

export const newsSourceStatus = z.object({
  name: z.string(),
  url: z.string(),
  lastAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  lastError: z.string().nullable(),
  consecutiveFailures: z.number().int(),
});
export type NewsSourceStatus = z.infer<typeof newsSourceStatus>;

/** GET /api/admin/status: how current the site's data is. */
export const dataStatusResponse = z.object({
  lastImport: importRecord.nullable(),
  importCount: z.number().int(),
  newsSources: z.array(newsSourceStatus),
  tables: z.array(z.object({ name: z.string(), rows: z.number().int() })),
});
export type DataStatusResponse = z.infer<typeof dataStatusResponse>;

/** The sources that keep the F1 facts current by themselves: F1DB's releases and F1's live-timing archive. */
export const freshnessSource = z.enum(['f1db-release', 'live-timing']);
export type FreshnessSource = z.infer<typeof freshnessSource>;

/** One source's state on the admin dashboard, as its job last recorded it. */
export const sourceState = z.object({
  source: freshnessSource,
  /** "F1DB releases", "F1 live timing". */
  label: z.string(),
  /** Where it is read from. */
  url: z.string().nullable(),
  /** Whether the job checks on its own schedule (F1DB_SYNC, LIVETIMING_SYNC); an admin can check now either way. */
  scheduled: z.boolean(),
  /** F1DB: the release imported last. Live timing: the session stored last. */
  version: z.string().nullable(),
  /** What the job did or waits for, in a sentence. */
  detail: z.string().nullable(),
  lastCheckAt: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type SourceState = z.infer<typeof sourceState>;

/** A race weekend with results from the live-timing archive that F1DB has not confirmed yet. */
export const provisionalRace = z.object({
  raceId: z.number().int(),
  season: z.number().int(),
  round: z.number().int(),
  meetingName: z.string(),
  sessions: z.array(sessionKind),
});
export type ProvisionalRace = z.infer<typeof provisionalRace>;

/** Where the official classification an F1DB import brought differed from the provisional one (a penalty after the flag). */
export const provisionalDifference = z.object({
  id: z.number().int(),
  season: z.number().int(),
  round: z.number().int(),
  meetingName: z.string(),
  session: sessionKind,
  driverName: z.string(),
  provisionalPosition: z.string().nullable(),
  officialPosition: z.string().nullable(),
  provisionalPoints: z.number().nullable(),
  officialPoints: z.number().nullable(),
  foundAt: z.string(),
  importVersion: z.string(),
});
export type ProvisionalDifference = z.infer<typeof provisionalDifference>;

/** GET /api/admin/sources */
export const sourcesResponse = z.object({
  sources: z.array(sourceState),
  provisionalRaces: z.array(provisionalRace),
  /** The latest differences, newest first (at most 50). */
  differences: z.array(provisionalDifference),
});
export type SourcesResponse = z.infer<typeof sourcesResponse>;

/** POST /api/admin/sources/:source/check */
export const sourceCheckParams = z.object({ source: freshnessSource });
export const sourceCheckResponse = z.object({ message: z.string(), state: sourceState });
export type SourceCheckResponse = z.infer<typeof sourceCheckResponse>;

export const tableChanges = z.object({ inserted: z.number().int(), updated: z.number().int(), deleted: z.number().int() });
export const reimportResult = z.object({
  version: z.string(),
  dataDate: z.string(),
  changedRows: z.number().int(),
  changes: z.record(z.string(), tableChanges),
  durationMs: z.number(),
});
export type ReimportResult = z.infer<typeof reimportResult>;

/** A background admin job (the F1DB re-import): POST answers 202 with it, GET /api/admin/jobs/:id follows it. */
export const adminJob = z.object({
  id: z.string(),
  kind: z.literal('data.reimport'),
  status: z.enum(['running', 'succeeded', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** What it is doing now, e.g. "Writing races (9 of 20 tables)". */
  progress: z.string(),
  /** Share of the work done, 0 to 1. */
  fraction: z.number(),
  result: reimportResult.nullable(),
  error: z.string().nullable(),
});
export type AdminJob = z.infer<typeof adminJob>;
export const adminJobParams = z.object({ id: z.string().uuid('a job id') });

/** POST /api/admin/actions/recompute-standings */
export const recomputeStandingsResponse = z.object({ message: z.string(), cacheRevision: z.number().int() });
export type RecomputeStandingsResponse = z.infer<typeof recomputeStandingsResponse>;

/** GET /api/admin/users?q=&page= */
export const adminUsersQuery = z.object({ q: searchText.optional(), page: wholeNumber(1, 100_000, 1), pageSize: wholeNumber(1, 100, 20) });
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;
export const adminUser = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;
export const adminUsersResponse = z.object({
  users: z.array(adminUser),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;
export const adminUserParams = z.object({ id: z.string().uuid('a user id') });
/** PATCH /api/admin/users/:id */
export const roleChangeRequest = z.object({ role: z.enum(['user', 'admin'], { error: 'user or admin' }) });
export type RoleChangeRequest = z.infer<typeof roleChangeRequest>;
/** DELETE /api/admin/users/:id: the admin types the address of the account, as a confirmation. */
export const userDeleteRequest = z.object({ confirmEmail: z.string().trim().toLowerCase().min(1, 'type the e-mail address of the account') });
export type UserDeleteRequest = z.infer<typeof userDeleteRequest>;

/** One check of the diagnostics: ok or not, in a sentence, and how long it took when that matters. */
export const diagnosticCheck = z.object({
  name: z.string(),
  ok: z.boolean(),
  detail: z.string(),
  latencyMs: z.number().nullable(),
  /** When what the detail tells happened (a feed's last fetch), for the page to show in local time. */
  at: z.string().nullable(),
});
export type DiagnosticCheck = z.infer<typeof diagnosticCheck>;

/** GET /api/admin/diagnostics: database, cache, mail and data sources. */
export const diagnosticsResponse = z.object({
  checkedAt: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), migrationsApplied: z.number().int(), migrationsKnown: z.number().int() }),
  cache: z.object({ kind: z.string() }),
  mail: z.object({ kind: z.enum(['smtp', 'outbox']), target: z.string(), from: z.string() }),
  f1db: z.object({ dir: z.string(), version: z.string().nullable() }),
  checks: z.array(diagnosticCheck),
});
export type DiagnosticsResponse = z.infer<typeof diagnosticsResponse>;

/** POST /api/admin/diagnostics/test-mail: to the admin's own address when `to` is left out. */
export const testMailRequest = z.object({ to: emailAddress.optional() });
export type TestMailRequest = z.infer<typeof testMailRequest>;
export const testMailResponse = z.object({ to: z.string(), transport: z.enum(['smtp', 'outbox']), message: z.string() });
export type TestMailResponse = z.infer<typeof testMailResponse>;
// ---------------------------------------------------------------------------------------------------------------
// Season events (/admin/season-events): a season's meetings and sessions, with the admin's moves, additions,
// cancellations and removals kept apart from the imported F1DB timetable.
// ---------------------------------------------------------------------------------------------------------------

/** Where an entered wall-clock time is read: at the circuit (its IANA time zone) or in UTC. */
export const sessionTimeZoneChoice = z.enum(['circuit', 'utc']);
export type SessionTimeZoneChoice = z.infer<typeof sessionTimeZoneChoice>;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2025-07-05')
  .refine((day) => {
    const parsed = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day);
  }, 'no such day');
const wallClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time like 14:00 (24-hour)');

/** A session's start as the admin enters it (also the body that moves one: PUT .../sessions/:raceId/:kind/start). */
export const sessionTimeInput = z.object({ date: isoDay, time: wallClock, zone: sessionTimeZoneChoice });
export type SessionTimeInput = z.infer<typeof sessionTimeInput>;

export const seasonEventsQuery = z.object({ season: z.coerce.number().int().min(1950).max(2100).optional() });

export const adminSessionParams = z.object({
  raceId: z.coerce.number().int().positive(),
  kind: sessionKind,
});
export type AdminSessionParams = z.infer<typeof adminSessionParams>;

/** Add a session the import does not have (POST .../sessions). */
export const sessionAdd = sessionTimeInput.extend({ raceId: z.number().int().positive(), kind: sessionKind });
export type SessionAdd = z.infer<typeof sessionAdd>;
/** Cancel a session or take the cancellation back (PUT .../sessions/:raceId/:kind/cancelled). */
export const sessionCancel = z.object({ cancelled: z.boolean() });

/** One session as the admin sees it: what is shown now and what the import says. */
export const adminSession = z.object({
  kind: sessionKind,
  description: z.string(),
  /** The UTC day and start shown on the site; null start when only the day is known. */
  date: z.string(),
  startsAtUtc: z.string().nullable(),
  /** What F1DB says; null for a session the admin added. */
  imported: z.object({ date: z.string(), startsAtUtc: z.string().nullable() }).nullable(),
  added: z.boolean(),
  moved: z.boolean(),
  cancelled: z.boolean(),
  removed: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSession>;

export const adminMeeting = z.object({
  raceId: z.number().int(),
  round: z.number().int(),
  name: z.string(),
  slug: z.string(),
  countryName: z.string(),
  circuitName: z.string(),
  /** The circuit's IANA time zone, e.g. "Europe/London": circuit-local times are read in it. */
  timeZone: z.string(),
  sessions: z.array(adminSession),
});
export type AdminMeeting = z.infer<typeof adminMeeting>;

export const seasonEventsResponse = z.object({
  season: z.number().int(),
  seasons: z.array(z.number().int()),
  meetings: z.array(adminMeeting),
  /** The latest timetable changes (audit entries on sessions), newest first. */
  recentChanges: z.array(auditEntry),
});
export type SeasonEventsResponse = z.infer<typeof seasonEventsResponse>;

/** The day and "HH:MM" of an instant on the wall clock of a time zone. */
export function wallTime(instant: Date, timeZone: string): { date: string; time: string } {
  const { date, time } = zonedTime(instant, timeZone);
  return { date, time: time.slice(0, 5) };
}

/**
 * The UTC instant of a wall-clock time entered at the circuit or in UTC; null when that wall-clock time does not
 * exist there (skipped when the clocks go forward). An hour repeated when the clocks go back reads as the first.
 */
export function enteredTimeToUtc(input: SessionTimeInput, circuitTimeZone: string): Date | null {
  const asUtc = Date.parse(`${input.date}T${input.time}:00Z`);
  if (input.zone === 'utc') return new Date(asUtc);
  const offsetAt = (instant: number) => {
    const wall = wallTime(new Date(instant), circuitTimeZone);
    return Date.parse(`${wall.date}T${wall.time}:00Z`) - instant;
  };
  // The offsets a day either side bracket any change of the clocks; each gives a candidate, checked by the
  // round trip (none survives for a skipped hour, two for a repeated one: the earlier wins).
  const day = 24 * 60 * 60 * 1000;
  const candidates = [asUtc - day, asUtc, asUtc + day].map((probe) => asUtc - offsetAt(probe)).sort((a, b) => a - b);
  const match = candidates.find((instant) => {
    const wall = wallTime(new Date(instant), circuitTimeZone);
    return wall.date === input.date && wall.time === input.time;
  });
  return match === undefined ? null : new Date(match);
}
// ---------------------------------------------------------------------------------------------------------------
// Driver editor, team editor, update teams (admin-people): display overrides over the imported F1DB facts.
// Every field is typed: names are short text, colours "#RRGGBB", links http(s) URLs, pictures https URLs or
// pictures uploaded here (/uploads/photos/<uuid>.webp). null in a PATCH reverts the field to the imported value.
// ---------------------------------------------------------------------------------------------------------------

export const hexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #RRGGBB')
  .transform((colour) => colour.toUpperCase());

export const linkUrl = z.url({ protocol: /^https?$/, message: 'an http or https URL' }).max(2000);

/** An uploaded picture (POST /api/admin/pictures) or an image on another https site. */
export const pictureUrl = z.union(
  [
    z.string().regex(/^\/uploads\/photos\/[0-9a-f-]{36}\.webp$/, 'an uploaded picture'),
    z.url({ protocol: /^https$/, message: 'an https URL' }).max(2000),
  ],
  { error: 'an https URL or an uploaded picture' },
);

const displayName = z.string().trim().min(1, 'at least one character').max(60, 'at most 60 characters');
const entityId = z.string().regex(/^[a-z0-9-]{1,80}$/, 'an F1DB id such as max-verstappen');

export const linkFields = {
  websiteUrl: linkUrl,
  wikipediaUrl: linkUrl,
  instagramUrl: linkUrl,
  xUrl: linkUrl,
};

export const driverOverrideFields = z.object({
  firstName: displayName,
  lastName: displayName,
  number: z.string().trim().regex(/^[1-9][0-9]?$/, 'a car number from 1 to 99'),
  /** A constructor id. */
  teamId: entityId,
  colour: hexColour,
  /** ISO 3166-1 alpha-2 country code of the flag. */
  flag: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2}$/, 'a two-letter country code')
    .transform((code) => code.toLowerCase()),
  photoUrl: pictureUrl,
  ...linkFields,
});
export type DriverOverrideFields = z.infer<typeof driverOverrideFields>;
export type DriverField = keyof DriverOverrideFields;
export const driverFields = driverOverrideFields.keyof().options;

export const teamOverrideFields = z.object({
  name: displayName,
  fullName: z.string().trim().min(1, 'at least one character').max(120, 'at most 120 characters'),
  colour: hexColour,
  logoUrl: pictureUrl,
  carPhotoUrl: pictureUrl,
  principal: displayName,
  ...linkFields,
});
export type TeamOverrideFields = z.infer<typeof teamOverrideFields>;
export type TeamField = keyof TeamOverrideFields;
export const teamFields = teamOverrideFields.keyof().options;

/** Each field set (a value) or reverted (null); fields left out stay as they are; unknown fields are refused. */
function overridePatch<S extends z.ZodObject>(fields: S) {
  const shape = Object.fromEntries(Object.entries(fields.shape).map(([key, schema]) => [key, (schema as z.ZodType).nullable().optional()]));
  return z.strictObject(shape).refine((patch) => Object.keys(patch).length > 0, 'name at least one field to change');
}
export const driverOverridePatch = overridePatch(driverOverrideFields) as unknown as z.ZodType<{
  [K in DriverField]?: DriverOverrideFields[K] | null;
}>;
export const teamOverridePatch = overridePatch(teamOverrideFields) as unknown as z.ZodType<{
  [K in TeamField]?: TeamOverrideFields[K] | null;
}>;
export type DriverOverridePatch = z.infer<typeof driverOverridePatch>;
export type TeamOverridePatch = z.infer<typeof teamOverridePatch>;

export const driverIdParams = z.object({ driverId: entityId });
export const teamIdParams = z.object({ constructorId: entityId });
export const peopleSearchQuery = z.object({ q: z.string().trim().max(60).default('') });

/** Every field's value: null where there is none. */
const nullableValues = <S extends z.ZodObject>(fields: S) =>
  z.object(Object.fromEntries(Object.keys(fields.shape).map((key) => [key, z.string().nullable()])) as Record<keyof S['shape'], z.ZodNullable<z.ZodString>>);

/** What the editor shows: the imported value, the override (null when none) and the value shown on the site. */
export const driverOverrideView = z.object({
  id: z.string(),
  name: z.string(),
  imported: nullableValues(driverOverrideFields),
  override: nullableValues(driverOverrideFields),
  updatedAt: z.string().nullable(),
});
export type DriverOverrideView = z.infer<typeof driverOverrideView>;

export const teamOverrideView = z.object({
  id: z.string(),
  name: z.string(),
  imported: nullableValues(teamOverrideFields),
  override: nullableValues(teamOverrideFields),
  updatedAt: z.string().nullable(),
});
export type TeamOverrideView = z.infer<typeof teamOverrideView>;

export const peopleSearchResponse = z.array(z.object({ id: z.string(), name: z.string(), detail: z.string() }));
export type PeopleSearchResponse = z.infer<typeof peopleSearchResponse>;

/** POST /api/admin/pictures (multipart, one file in "picture"): a driver photo, team logo or car photo. */
export const pictureKind = z.enum(['driver-photo', 'team-logo', 'car-photo']);
export type PictureKind = z.infer<typeof pictureKind>;
export const pictureQuery = z.object({ kind: pictureKind });
export const pictureResponse = z.object({ url: z.string() });

/** /update-teams: a team's race drivers of a season with the rounds each drove. */
export const lineUpDriver = z.object({
  driverId: entityId,
  rounds: z.array(z.number().int().min(1).max(30)).min(1, 'at least one round').max(30),
});
export const lineUpReplacement = z.strictObject({
  drivers: z.array(lineUpDriver).min(1, 'at least one driver').max(6, 'at most six drivers'),
});
export type LineUpReplacement = z.infer<typeof lineUpReplacement>;
export const lineUpParams = z.object({ season: z.coerce.number().int().min(1950).max(2100), constructorId: entityId });
export const lineUpsQuery = z.object({ season: z.coerce.number().int().min(1950).max(2100).optional() });

const lineUpSeat = z.object({ driverId: z.string(), name: z.string(), rounds: z.array(z.number().int()) });
export const lineUpsResponse = z.object({
  season: z.number().int(),
  rounds: z.number().int(),
  teams: z.array(
    z.object({
      constructorId: z.string(),
      name: z.string(),
      colour: z.string(),
      imported: z.array(lineUpSeat),
      assigned: z.array(lineUpSeat).nullable(),
    }),
  ),
  /** Race drivers to choose from: everyone entered in the season. */
  drivers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type LineUpsResponse = z.infer<typeof lineUpsResponse>;

/** GET /api/admin/drivers/:driverId/history and /api/admin/teams/:constructorId/history: the audit entries of one. */
export const overrideHistoryResponse = z.array(auditEntry);
