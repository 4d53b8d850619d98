import { z } from 'zod';

const userId = (label: string) => z.string({ error: `请选择${label}` }).uuid(`${label}格式不正确`);

/** POST /api/upms/user/:id/handover */
export const handoverBody = z.object({ toUserId: userId('交接人') });
export type HandoverBody = z.input<typeof handoverBody>;

/** POST /api/upms/user/:id/disable: a person with open work is disabled only together with a hand-over */
export const disableUserBody = z.object({ handoverTo: userId('交接人').optional() });
export type DisableUserBody = z.input<typeof disableUserBody>;

/** POST /api/flow/tasks/:id/reassign (无人处理) */
export const reassignBody = z.object({ userId: userId('处理人') });
export type ReassignBody = z.input<typeof reassignBody>;
