import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const liveCentreQuery = queryOptions({
  queryKey: ['live', 'centre'],
  queryFn: () => api('liveCentre'),
  staleTime: 60_000,
});
