import { queryOptions } from '@tanstack/react-query';
import type { CircuitDrawingVariant } from '@slipstream/contract';
import { api } from '../../lib/api';
import { readLapPath } from './lapPath';

/** A season's circuits change with an import or when a race finishes: the server keys them so. */
export const trackSeasonQuery = (season: number) =>
  queryOptions({
    queryKey: ['track', season],
    queryFn: () => api('trackSeason', { params: { year: season } }),
    staleTime: 5 * 60_000,
  });

/** The geometry of a drawing, for the lap animation; the same file the <img> shows, so the browser has it. */
export const lapPathQuery = (layoutId: string, variant: CircuitDrawingVariant) =>
  queryOptions({
    queryKey: ['circuit-drawing', layoutId, variant],
    queryFn: async () => readLapPath(await api('circuitDrawing', { params: { layoutId }, query: { variant } })),
    staleTime: Infinity,
  });
