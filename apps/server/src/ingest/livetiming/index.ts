/** The F1 live-timing archive reader: which folder holds a session, its topics, and its classification in F1DB's shapes. */
export {
  createArchiveClient,
  LiveTimingMalformed,
  LiveTimingUnavailable,
  readArchiveJson,
  
  readTopicStream,
  type ArchiveClient,
  type ArchiveClientOptions,
} from './archive';
export { classifySession, readArchiveClassification, readArchiveDriverList, type ArchiveClassification, type ClassificationTopics } from './classification';
export { loadArchiveEntrants,  type ArchiveDriver, type ArchiveEntrant, type DriverListEntry, type UnmappedDriver } from './drivers';
export type { FastestLapRow, PracticeResultRow, QualifyingResultRow, RaceResultRow } from './rows';
export { archiveSessionKind, archiveSessions,  indexSessionStart, findArchiveSession, type ArchiveSession, type ArchiveSessionKind, type ArchiveSessionTarget } from './sessions';
export { applyDelta, checkedJsonText, parseOffset, type StreamMessage, type TopicState } from './stream';
export type { TopicRead } from './timing';
export type { DerivedLap, DerivedPitVisit } from './laps';
export { readSessionTiming,  type DriverTiming, type SessionTiming, type Stint, type TrackStatusKind, type TrackStatusPeriod, type WeatherSample } from './session-timing';
