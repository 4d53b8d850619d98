import { queryOptions } from '@tanstack/react-query';
import type { JoinUsOptions } from '@contract/custom';
import { get } from '@/api/http';

/** The sign-up form's choices (positions, education levels, resume limits): public. */
export const joinUsOptionsQuery = () =>
  queryOptions({ queryKey: ['joinus', 'options'], queryFn: () => get<JoinUsOptions>('/api/joinus/options') });
