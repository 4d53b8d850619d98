import { z } from 'zod';

/** The 审批代理 body (contract/flow-proxy.ts): shapes here, the rules that need the database in proxy-service.ts. */
const id = z.string().uuid('人员ID格式不正确');
const moment = (label: string) => z.iso.datetime({ offset: true, error: `${label}格式不正确` });

export const flowProxyBody = z.object({
  userId: id.optional(),
  proxyUserId: z.string({ error: '请选择代理人' }).uuid('代理人ID格式不正确'),
  startAt: moment('开始时间'),
  endAt: moment('结束时间'),
  definitionIds: z.array(z.string().uuid('流程ID格式不正确')).max(50, '最多选择50个流程').default([]),
  includeWaiting: z.boolean().default(false),
});
export type FlowProxyInput = z.output<typeof flowProxyBody>;
