import type { QueryClient } from '@tanstack/react-query';
import { rangeOptions } from './schedule-queries';

const quiet = () => undefined;

export const loadRange = (queryClient: QueryClient, from: string, to: string) =>
  queryClient.ensureQueryData(rangeOptions(from, to)).then(quiet, quiet);
