/** 招聘报名 limits: a public form, so every resource it takes from the server is bounded. */
export const JOINUS_LIMIT = {
  /** stored sign-ups per address per window */
  perAddress: 5,
  windowMs: 60 * 60 * 1000,
  resumeMaxMb: 10,
  resumeAccept: '.pdf,.doc,.docx,.jpg,.jpeg,.png',
} as const;

/** What a resume may be, by the MIME sniffed from its bytes (server/modules/files/sniff.ts). */
export const RESUME_MIMES = new Set([
  'application/pdf',
  'application/x-cfb', // .doc as file-type names it
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/jpeg',
  'image/png',
]);
