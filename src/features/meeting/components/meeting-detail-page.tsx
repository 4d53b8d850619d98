import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { inviteeResponses, type MeetingDetail } from '@contract/meeting';
import { EmptyState } from '@/components/empty-state';
import { dialog } from '@/ui/feedback';
import { meetingDetailOptions } from '../api/get-meetings';
import { useCancelMeeting, useRespond, useSaveMinutes } from '../api/write-meeting';
import { askDeclineReason } from './decline-dialog';
import { MeetingRow } from './meeting-row';
import './meeting.css';

/** /meeting/info: the meeting, who comes and who signed in, and what the caller may do about it. */
export function MeetingDetailPage({ id }: { id: string }) {
  const { data, isPending, refetch } = useQuery(meetingDetailOptions(id));
  if (isPending) return <p className="meeting-loading">加载中...</p>;
  if (!data) return <EmptyState kind="error" onRetry={() => void refetch()} />;
  return <Detail meeting={data} />;
}

function Detail({ meeting: m }: { meeting: MeetingDetail }) {
  const navigate = useNavigate();
  const respond = useRespond(m.id, m.subject);
  const cancel = useCancelMeeting(m.id);
  const handleDecline = async () => {
    const reason = await askDeclineReason(m.subject).catch(() => null);
    if (reason !== null) respond.mutate({ response: 'declined', reason: reason || undefined });
  };
  const signedIn = m.participants.filter((p) => p.signedInAt).length;
  const askCancel = async () => {
    if (await dialog.confirm({ content: `确定取消「${m.subject}」吗？参会人员将收到通知。` })) cancel.mutate('');
  };
  return (
    <div className="meeting-page">
      <section className="meeting-card" aria-label="会议信息">
        <MeetingRow row={m} />
        <dl className="meeting-facts">
          <dt>地点</dt>
          <dd>
            {m.roomName && m.roomId ? (
              <Link to="/meeting/roomInfo" search={{ id: m.roomId }}>
                {m.roomName}
              </Link>
            ) : null}
            {m.onlineLink ? (
              <a href={m.onlineLink} target="_blank" rel="noreferrer noopener">
                {m.roomName ? ' · 线上链接' : '线上会议链接'}
              </a>
            ) : null}
          </dd>
          <dt>主办部门</dt>
          <dd>{m.hostDeptName ?? '—'}</dd>
          <dt>会议议程</dt>
          <dd className="meeting-text">{m.agenda || '—'}</dd>
          <dt>会议材料</dt>
          <dd>
            {m.materials.length ? (
              <Link to="/meeting/information" search={{ id: m.id }}>{`查看材料（${m.materials.length}）`}</Link>
            ) : (
              '无'
            )}
          </dd>
          {m.approvalInstanceId && (
            <>
              <dt>预约审批</dt>
              <dd>
                <Link to="/followStartDetail" search={{ instanceId: m.approvalInstanceId }}>
                  {m.status === 'pendingApproval' ? '审批中，查看进度' : '查看审批记录'}
                </Link>
              </dd>
            </>
          )}
        </dl>
      </section>

      <div className="meeting-buttons">
        {m.abilities.respond && (
          <>
            <button
              type="button"
              className="meeting-btn meeting-btn-primary"
              disabled={respond.isPending || m.myResponse === 'accepted'}
              onClick={() => respond.mutate({ response: 'accepted' })}
            >
              接受
            </button>
            <button
              type="button"
              className="meeting-btn"
              disabled={respond.isPending || m.myResponse === 'declined'}
              onClick={() => void handleDecline()}
            >
              拒绝
            </button>
          </>
        )}
        {m.abilities.signIn && (
          <Link className="meeting-btn meeting-btn-primary" to="/meeting/scanCodePage" search={{ meetingId: m.id }}>
            签到
          </Link>
        )}
        {m.abilities.signInQr && (
          <Link className="meeting-btn meeting-btn-primary" to="/meeting/signIn" search={{ id: m.id }}>
            签到二维码
          </Link>
        )}
        {m.abilities.edit && (
          <button
            type="button"
            className="meeting-btn"
            onClick={() => void navigate({ to: '/meeting/addMeeting', search: { id: m.id } })}
          >
            修改
          </button>
        )}
        {m.abilities.cancel && (
          <button
            type="button"
            className="meeting-btn meeting-btn-danger"
            disabled={cancel.isPending}
            onClick={() => void askCancel()}
          >
            取消会议
          </button>
        )}
      </div>

      <section className="meeting-card" aria-label="参会人员">
        <h3 className="meeting-card-title">{`参会人员（${m.participants.length}人，已签到${signedIn}人）`}</h3>
        <ul className="meeting-people">
          {m.participants.map((p) => (
            <li key={p.userId}>
              <span>{p.name}</span>
              <span className="meeting-muted">{p.orgName}</span>
              <span className={`meeting-response-${p.response}`}>{inviteeResponses[p.response]}</span>
              <span className={p.signedInAt ? 'meeting-signed' : 'meeting-muted'}>
                {p.signedInAt ? (p.signedInManually ? '已签到（代签）' : '已签到') : '未签到'}
              </span>
              {p.response === 'declined' && p.declineReason && (
                <span className="meeting-decline-reason">{`拒绝原因：${p.declineReason}`}</span>
              )}
            </li>
          ))}
        </ul>
      </section>

      {(m.minutes || m.abilities.minutes) && <Minutes meeting={m} />}
    </div>
  );
}

function Minutes({ meeting: m }: { meeting: MeetingDetail }) {
  const save = useSaveMinutes(m.id);
  const [text, setText] = useState(m.minutes ?? '');
  return (
    <section className="meeting-card" aria-label="会议纪要">
      <h3 className="meeting-card-title">会议纪要</h3>
      {m.abilities.minutes ? (
        <>
          <textarea
            className="meeting-input meeting-textarea"
            aria-label="会议纪要"
            value={text}
            maxLength={20000}
            onChange={(e) => setText(e.target.value)}
          />
          <button
            type="button"
            className="meeting-btn meeting-btn-primary"
            disabled={save.isPending || !text.trim()}
            onClick={() => save.mutate(text)}
          >
            保存纪要
          </button>
        </>
      ) : (
        <p className="meeting-text">{m.minutes}</p>
      )}
    </section>
  );
}
