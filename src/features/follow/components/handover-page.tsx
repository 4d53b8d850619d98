import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, PullToRefresh } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import type { SelectorNode } from '@contract/upms';
import { EmptyState } from '@/components/empty-state';
import { OrgUserSelector } from '@/components/org-user-selector';
import { formatRelativeTime } from '@/lib/format';
import { dialog } from '@/ui/feedback';
import { flowKeys } from '../api/flow-keys';
import { openWorkQueryOptions, unattendedQueryOptions, useHandOver, useReassign } from '../api/handover';
import './follow-base.css';
import './handover-page.css';

/** A button that opens the organisation selector for one person and hands them over. */
function PickOne({ label, text, onPick }: { label: string; text: string; onPick: (person: SelectorNode) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* the name carries the visible text (who is picked), as speech input and screen readers expect */}
      <button type="button" className="handover-pick" aria-label={`${text} ${label}`} onClick={() => setOpen(true)}>
        {text}
      </button>
      {/* mounted only while open: a list of rows each with a picker keeps one selector in the page */}
      {open && (
        <OrgUserSelector
          visible
          title={label}
          onClose={() => setOpen(false)}
          onConfirm={(people) => {
            if (people[0]) onPick(people[0]);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

/** 离职交接: a person, what they still hold, the receiver (their department head unless another is picked). */
function HandoverForm() {
  const [person, setPerson] = useState<SelectorNode | null>(null);
  const [receiver, setReceiver] = useState<SelectorNode | null>(null);
  const work = useQuery({ ...openWorkQueryOptions(person?.id ?? ''), enabled: Boolean(person) });
  const handOver = useHandOver();
  const toUserId = receiver?.id ?? work.data?.suggestedReceiverId ?? null;
  const run = async (disable: boolean) => {
    if (!person || !toUserId) return;
    const what = disable ? '交接后将停用该账号' : '交接后该人员仍可登录';
    if (
      !(await dialog.confirm({
        content: `将${person.realName}的全部未完成工作交给${receiver?.realName ?? '其部门负责人'}，${what}。确定吗？`,
      }))
    )
      return;
    handOver.mutate({ userId: person.id, toUserId, disable }, { onSuccess: () => setPerson(null) });
  };
  const w = work.data;
  return (
    <section className="handover-card" aria-label="离职交接">
      <h2>离职交接</h2>
      <div className="handover-row">
        <span>交接人员</span>
        <PickOne
          label="选择交接人员"
          text={person?.realName ?? '选择人员'}
          onPick={(p) => (setPerson(p), setReceiver(null))}
        />
      </div>
      {person && w && (
        <p className="handover-work" role="status" aria-label="未完成工作">
          {w.total === 0
            ? '没有未完成的工作'
            : `待办 ${w.tasks} 项、申请 ${w.requests} 项、会议 ${w.meetings} 个、群组 ${w.groups} 个`}
        </p>
      )}
      <div className="handover-row">
        <span>接收人</span>
        <PickOne
          label="选择接收人"
          text={receiver?.realName ?? (w?.suggestedReceiverId ? '部门负责人（默认）' : '选择接收人')}
          onPick={setReceiver}
        />
      </div>
      <div className="handover-actions">
        <Button block disabled={!person || !toUserId} loading={handOver.isPending} onClick={() => void run(false)}>
          交接
        </Button>
        <Button block color="danger" disabled={!person || !toUserId} onClick={() => void run(true)}>
          交接并停用
        </Button>
      </div>
    </section>
  );
}

/** 无人处理: tasks left with a disabled person, each given to someone with one pick. */
function Unattended() {
  const { data: tasks = [], isPending } = useQuery(unattendedQueryOptions());
  const reassign = useReassign();
  return (
    <section className="handover-card" aria-label="无人处理">
      <h2>无人处理</h2>
      {tasks.length === 0 && !isPending ? (
        <EmptyState tip="没有无人处理的待办" />
      ) : (
        <ul className="handover-tasks">
          {tasks.map((t) => (
            <li key={t.taskId} aria-label={t.title}>
              <div className="handover-task-title">{t.title}</div>
              <div className="handover-task-meta">
                {t.nodeName} · 原处理人 {t.assigneeName}（已停用） · 到达于{formatRelativeTime(t.createdAt)}
              </div>
              <PickOne
                label={t.title}
                text="重新指派"
                onPick={(p) => reassign.mutate({ taskId: t.taskId, userId: p.id })}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 人员交接 (/follow/handover, administrators): 离职交接 and 无人处理. */
export function HandoverPage() {
  const queryClient = useQueryClient();
  return (
    <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: flowKeys.all })}>
      <div className="follow-page handover-page">
        <HandoverForm />
        <Unattended />
      </div>
    </PullToRefresh>
  );
}
