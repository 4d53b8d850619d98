import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SelectorNode } from '@contract/upms';
import { isLeaveBalanceDays, leaveBalanceRules, type PersonLeaveBalances } from '@contract/leave-balance';
import { EmptyState } from '@/components/empty-state';
import { OrgUserSelector } from '@/components/org-user-selector';
import { toast } from '@/ui/feedback';
import { personLeaveBalancesQueryOptions } from '../api/get-leave-balances';
import { useSetLeaveBalance } from '../api/set-leave-balance';
import './follow-base.css';
import './leave-balance-page.css';

/** One leave type of the person: what is set now, and the field and button that set it. */
function BalanceRow({
  userId,
  type,
  data,
}: {
  userId: string;
  type: { value: string; label: string };
  data: PersonLeaveBalances;
}) {
  const balance = data.balances.find((b) => b.leaveType === type.value);
  const [text, setText] = useState(balance ? String(balance.days) : '');
  const save = useSetLeaveBalance();
  const submit = () => {
    const days = Number(text);
    if (text.trim() === '' || !isLeaveBalanceDays(days)) return toast.fail(leaveBalanceRules.days.invalid);
    save.mutate({ userId, leaveType: type.value, days });
  };
  return (
    <li className="leave-balance-row">
      <div className="leave-balance-type">
        <strong>{type.label}</strong>
        <span>
          {balance
            ? `剩余${balance.days}天${balance.pendingDays ? `，${balance.pendingDays}天审批中` : ''}`
            : '未设置，不限'}
        </span>
      </div>
      <input
        className="leave-balance-input"
        inputMode="decimal"
        aria-label={`${type.label}天数`}
        placeholder="天数"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="button" className="leave-balance-save" disabled={save.isPending} onClick={submit}>
        保存
      </button>
    </li>
  );
}

/** 假期余额 (administrators): pick a person, set the days of each leave type they may still take. */
export function LeaveBalancePage() {
  const [person, setPerson] = useState<SelectorNode | null>(null);
  const [picking, setPicking] = useState(false);
  const query = useQuery({ ...personLeaveBalancesQueryOptions(person?.id ?? ''), enabled: Boolean(person) });
  return (
    <div className="follow-page">
      <section className="flow-card" aria-label="假期余额">
        <button type="button" className="leave-balance-person" onClick={() => setPicking(true)}>
          {person ? `人员：${person.realName}（点击更换）` : '选择人员'}
        </button>
        {picking && (
          <OrgUserSelector
            visible
            multiple={false}
            title="选择人员"
            onClose={() => setPicking(false)}
            onConfirm={(people) => {
              setPerson(people[0] ?? null);
              setPicking(false);
            }}
          />
        )}
        {!person ? (
          <p className="leave-balance-hint">选择人员后设置各类假期的剩余天数；未设置的假期类型不限天数。</p>
        ) : query.data ? (
          <ul className="leave-balance-list" key={person.id}>
            {query.data.types.map((type) => (
              <BalanceRow key={type.value} userId={person.id} type={type} data={query.data} />
            ))}
          </ul>
        ) : query.isError ? (
          <EmptyState kind="error" onRetry={() => void query.refetch()} />
        ) : (
          <p className="flow-loading">加载中...</p>
        )}
      </section>
    </div>
  );
}
