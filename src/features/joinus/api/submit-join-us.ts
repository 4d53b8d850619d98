import { queryOptions } from '@tanstack/react-query';
import type { JoinUsOptions } from '@contract/custom';
import type { JoinUsBody } from '@contract/custom-schemas';
import { get } from '@/api/http';
import { upload } from '@/api/transfer';

/** The sign-up form's choices (positions, education levels, resume limits): public. */
export const joinUsOptionsQuery = () =>
  queryOptions({ queryKey: ['joinus', 'options'], queryFn: () => get<JoinUsOptions>('/api/joinus/options') });

/** Sends a sign-up with its resume in one multipart request, so the anonymous upload exists only with its submission. */
export function submitJoinUs(fields: JoinUsBody, resume: File, onProgress: (percent: number) => void): Promise<null> {
  const text = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v ?? '')]));
  return upload<null>('/api/joinus/apply', resume, { fields: text, fileName: resume.name, onProgress });
}
