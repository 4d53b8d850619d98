import { passwordStrong, PASSWORD_RULE_TEXT } from '@contract/my';
import { AppError } from '../../lib/app-error';

/*
 * What 我的 allows, in one place. Every call changes only the caller's own settings, so the session is the whole
 * "who"; what is left to rule on is the password change, which the caller must prove with the old password.
 * Each rule answers its refusal or null.
 */

/** The new password must pass the strength rule and differ from the old one (checked once both are decrypted). */
export function newPasswordRefusal(oldPassword: string, newPassword: string): AppError | null {
  if (!passwordStrong(newPassword)) return new AppError(400, PASSWORD_RULE_TEXT);
  if (oldPassword === newPassword) return new AppError(400, '新密码不能与原密码相同');
  return null;
}

/** Only someone who knows the old password may set a new one. */
export function oldPasswordRefusal(oldPasswordMatches: boolean): AppError | null {
  return oldPasswordMatches ? null : new AppError(400, '原密码不正确');
}

/** Throws the refusal, if any. */
export function enforce(refusal: AppError | null): void {
  if (refusal) throw refusal;
}
