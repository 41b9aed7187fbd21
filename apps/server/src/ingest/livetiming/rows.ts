import type { z } from 'zod';
import type { fastestLapsFile, positionCodes, qualifyingResultsFile, raceResultsFile } from '../f1db/schemas';

/** Rows shaped like F1DB's YAML files, so provisional results are stored exactly as an import would. */
export type RaceResultRow = z.infer<typeof raceResultsFile>[number];
export type QualifyingResultRow = z.infer<typeof qualifyingResultsFile>[number];
export type FastestLapRow = z.infer<typeof fastestLapsFile>[number];
/** A row of F1DB's free-practice-N-results.yml. */
export type PracticeResultRow = {
  position: number | (typeof positionCodes)[number];
  driverNumber: number;
  driverId: string;
  constructorId: string;
  engineManufacturerId: string;
  time: string | null;
  gap: string | null;
  interval: string | null;
  laps: number | null;
};

type Identity = 'driverNumber' | 'driverId' | 'constructorId' | 'engineManufacturerId';

/** A derived row before the mapping to F1DB: it names its car by the archive's racing number. */
export type CarRow<Row> = Omit<Row, Identity> & { racingNumber: string };
