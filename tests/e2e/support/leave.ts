import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { flowTasks } from '../../../server/db/schema';
import { defId, forms } from '../../factories/flow-client';
import { api, loginAs, type TestServer } from '../../factories/test-server';

/** 张三 asks for a day of leave with `reason`, which 李四 decides first; answers the instance and 李四's task on it. */
export async function leaveWaitingForLisi(app: TestServer, reason: string) {
  const zhangsan = api(app.baseUrl, await loginAs(app.baseUrl, 'zhangsan', '123456'));
  const started = await zhangsan.post<{ id: string }>('/api/flow/instances', {
    definitionId: defId('leave'),
    formData: forms.leave(1, reason),
  });
  expect(started.status, started.body.msg).toBe(200);
  const instanceId = started.body.data.id;
  const [task] = await app.database.db
    .select({ id: flowTasks.id })
    .from(flowTasks)
    .where(and(eq(flowTasks.instanceId, instanceId), eq(flowTasks.status, 'pending')));
  return { instanceId, taskId: task!.id };
}
