import { QueryClient } from '@tanstack/react-query';

export const page = <T>(rows: T[]) => ({ pages: [{ rows, total: rows.length }], pageParams: [1] });

export const flowRow = (
  instanceId: string,
  title: string,
  initiatorName: string,
  definitionName: string,
  summary = '',
) => ({
  id: `task-${instanceId}`,
  instanceId,
  title,
  serial: `NO-${instanceId}`,
  definitionName,
  category: '财务',
  initiatorName,
  nodeName: '部门负责人审批',
  status: 'running',
  createdAt: '2026-11-20T09:00:00+08:00',
  handledAt: null,
  summary: summary ? [{ label: '事由', text: summary }] : [],
});

const person = (id: string, realName: string, orgName = '研发部') => ({
  id,
  name: id,
  popCode: 'user',
  realName,
  parentId: 'org-1',
  orgName,
});

/** A cache as 离线同步 leaves it: a 待办 list, a mail with its body, a colleague, a meeting room booking. */
export function seededClient(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(
    ['flow', 'list', 'todo', { keyword: '' }],
    page([
      flowRow('f1', '张三的报销', '张三', '费用报销', '上海客户拜访高铁'),
      flowRow('f2', '王五的请假', '王五', '请假申请'),
    ]),
  );
  // the detail 离线同步 kept of the first: the same record, with its form's values
  client.setQueryData(['flow', 'instance', 'f1'], {
    id: 'f1',
    title: '张三的报销',
    serial: 'NO-f1',
    definition: { id: 'd1', name: '费用报销' },
    formSchema: [],
    formData: { description: '虹桥酒店住宿两晚', amount: 320 },
    initiator: { id: 'u1', realName: '张三', orgName: '研发部' },
    status: 'running',
    currentNodeNames: ['部门负责人审批'],
    currentHandlers: [],
    createdAt: '2026-11-20T09:00:00+08:00',
    trace: [],
  });
  client.setQueryData(['mail', 'message', 'm1'], {
    id: 'm1',
    status: 'sent',
    subject: '关于十一月的材料',
    bodyHtml: '<p>请把<b>会议室</b>预订单一并附上</p>',
    sender: { id: 'u2', name: '李四' },
    attachments: [{ fileName: 'stored-1', attachName: '差旅发票.pdf', size: 10 }],
    sentAt: '2026-11-21T10:00:00+08:00',
    updatedAt: '2026-11-21T10:00:00+08:00',
  });
  client.setQueryData(['upms', 'selector', 'org', '0', ''], [person('u9', '白雪'), person('u8', '周八')]);
  client.setQueryData(
    ['meeting', 'list', 'upcoming', { keyword: '' }],
    page([
      {
        id: 'mt1',
        subject: '第一会议室周会',
        startAt: '2026-11-22T09:00:00+08:00',
        endAt: '',
        roomName: '会议室A',
        onlineLink: null,
        organizerName: '赵六',
        status: 'upcoming',
        myResponse: null,
        organizer: false,
      },
    ]),
  );
  return client;
}
