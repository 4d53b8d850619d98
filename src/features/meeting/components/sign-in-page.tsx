import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/empty-state';
import { meetingDetailOptions, signInsOptions, signInTokenOptions } from '../api/get-meetings';
import { useManualSignIn } from '../api/write-meeting';
import { qrSvgPath } from '../qr';
import { shanghaiClock } from './meeting-time';
import './meeting.css';
import './sign-in.css';

/** /meeting/signIn (organiser): the rotating QR code and six digits, who has signed in (live), and manual sign-in. */
export function SignInPage({ id }: { id: string }) {
  const token = useQuery(signInTokenOptions(id));
  const signIns = useQuery(signInsOptions(id));
  const detail = useQuery(meetingDetailOptions(id));
  const manual = useManualSignIn(id);
  if (token.isPending) return <p className="meeting-loading">加载中...</p>;
  if (!token.data) return <EmptyState kind="error" tip={token.error?.message} onRetry={() => void token.refetch()} />;
  const qr = qrSvgPath(`${location.origin}/meeting/scanCodePage?code=${token.data.token}`);
  const signedIds = new Set((signIns.data ?? []).map((p) => p.userId));
  const missing = (detail.data?.participants ?? []).filter((p) => !signedIds.has(p.userId));
  return (
    <div className="meeting-page">
      <section className="meeting-card meeting-qr-card" aria-label="签到二维码">
        <h2 className="meeting-card-title">{detail.data?.subject ?? '会议签到'}</h2>
        <svg
          className="meeting-qr"
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          role="img"
          aria-label="签到二维码"
          data-token={token.data.token}
        >
          <rect width={qr.size} height={qr.size} fill="#fff" />
          <path d={qr.d} fill="#000" />
        </svg>
        <p className="meeting-code" aria-label="签到码">
          {token.data.shortCode}
        </p>
        <p className="meeting-muted">{`二维码每30秒自动更新 · 签到截止 ${shanghaiClock(token.data.windowEndsAt)}`}</p>
      </section>
      <section className="meeting-card" aria-label="已签到">
        <h3 className="meeting-card-title">{`已签到（${signIns.data?.length ?? 0}/${detail.data?.participants.length ?? 0}）`}</h3>
        <ul className="meeting-people">
          {(signIns.data ?? []).map((p) => (
            <li key={p.userId}>
              <span>{p.name}</span>
              <span className="meeting-muted">{`${shanghaiClock(p.signedInAt)}${p.manual ? ' 代签' : ''}`}</span>
            </li>
          ))}
        </ul>
      </section>
      {missing.length > 0 && (
        <section className="meeting-card" aria-label="未签到">
          <h3 className="meeting-card-title">{`未签到（${missing.length}）`}</h3>
          <ul className="meeting-people">
            {missing.map((p) => (
              <li key={p.userId}>
                <span>{p.name}</span>
                <button
                  type="button"
                  className="meeting-btn"
                  disabled={manual.isPending}
                  onClick={() => manual.mutate([p.userId])}
                >
                  代签到
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
