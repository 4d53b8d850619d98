import { AppError } from '../../lib/app-error';
import { RESUME_MIMES } from './rules';

/*
 * What the public 招聘报名 form accepts, in one place. Anyone may sign up without logging in, so the rules bound what
 * one address may store and what a resume may be. Each rule answers its refusal or null.
 */

/** An address may store JOINUS_LIMIT.perAddress sign-ups per window (counted by the shared limiter in the write). */
export function signUpLimitRefusal(underLimit: boolean): AppError | null {
  return underLimit ? null : new AppError(429, '提交过于频繁，请稍后再试');
}

/** A sign-up carries one resume with content. */
export function resumeRefusal(resume: { size: number } | null): AppError | null {
  if (!resume) return new AppError(400, '请上传简历');
  if (resume.size === 0) return new AppError(400, '简历不能是空文件');
  return null;
}

/** The resume's type, by the MIME sniffed from its bytes (never the name or the header the browser sent). */
export function resumeTypeRefusal(sniffedMime: string): AppError | null {
  return RESUME_MIMES.has(sniffedMime) ? null : new AppError(400, '简历只支持 PDF、Word 或图片格式');
}

/** Throws the refusal, if any. */
export function enforce(refusal: AppError | null): void {
  if (refusal) throw refusal;
}
