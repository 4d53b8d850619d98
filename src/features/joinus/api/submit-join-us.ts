import type { JoinUsBody } from '@contract/custom-schemas';
import { upload } from '@/api/transfer';

/** Sends a sign-up with its resume in one multipart request, so the anonymous upload exists only with its submission. */
export function submitJoinUs(fields: JoinUsBody, resume: File, onProgress: (percent: number) => void): Promise<null> {
  const text = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v ?? '')]));
  return upload<null>('/api/joinus/apply', resume, { fields: text, fileName: resume.name, onProgress });
}
