import { z } from 'zod';

/** Request bodies of the login calls: validated on the server only. */

/** POST /api/oauth/login body; password is RSA-OAEP(SHA-256) encrypted, base64. Headers tenantId, clientType 2. */
export const loginBody = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(64, '用户名过长'),
  password: z.string().min(1, '请输入密码').max(2048, '密码格式不正确'),
});
export type LoginBody = z.infer<typeof loginBody>;

/** POST /api/oauth/thirdparty/login body. */
export const thirdpartyLoginBody = z.object({ token: z.string().min(1, '缺少token').max(4096) });
