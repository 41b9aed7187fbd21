import type { z } from 'zod';
import type { StorableDriverListEntry } from './driver-list';
import type { archiveSessions, ArchiveSessionKind } from '../livetiming';
import type { fastestLapsFile, practiceResultsFile, qualifyingResultsFile, raceResultsFile } from '../f1db/schemas';

/** The timetable's sessions the archive classifies. */
export type StorableSession = (typeof archiveSessions)[ArchiveSessionKind];

export type RaceResultRow = z.input<typeof raceResultsFile>[number];
export type QualifyingResultRow = z.input<typeof qualifyingResultsFile>[number];
export type PracticeResultRow = z.input<typeof practiceResultsFile>[number];
export type FastestLapRow = z.input<typeof fastestLapsFile>[number];

/**
 * What the store needs of a session's classification as the live-timing archive reader derives it
 * (ingest/livetiming's ArchiveClassification has this shape): rows shaped like F1DB's YAML files, without points.
 */
export type StorableClassification = {
  session: { path: string };
  /** The archive says the session is over and its classification complete. */
  final: boolean;
  raceResults?: RaceResultRow[];
  qualifyingResults?: QualifyingResultRow[];
  practiceResults?: PracticeResultRow[];
  fastestLaps?: FastestLapRow[];
  /** Drivers in the archive that match no entrant: reported, never stored. */
  unmapped: { racingNumber: string; name: string }[];
  /** The mapped drivers' pictures and team colours, kept whether or not the rows are stored. */
  driverList?: StorableDriverListEntry[];
};
