import type { QueryClient } from '@tanstack/react-query';
import { rangeOptions } from './get-schedule';

const quiet = () => undefined;

export const loadRange = (queryClient: QueryClient, from: string, to: string) =>
  queryClient.ensureQueryData(rangeOptions(from, to)).then(quiet, quiet);
