import { useEffect, useState } from 'react';
import { toast } from '@/ui/feedback';
import { PushDevices } from './push-devices';
import {
  PUSH_DENIED_TEXT,
  pushFailureText,
  readPushState,
  sendTestPush,
  turnPushOff,
  turnPushOn,
  type PushState,
} from '@/api/push-device';

const stateText: Record<PushState['kind'], string> = {
  on: '本机已开启消息通知',
  off: '本机未开启消息通知',
  denied: PUSH_DENIED_TEXT,
  unsupported: '',
};

/** 消息通知: turn Web Push on or off for this device, and send a test notification. */
export function NotificationsForm() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    readPushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState({ kind: 'off' }));
    return () => {
      live = false;
    };
  }, []);

  const run = async (work: () => Promise<PushState>, done?: string) => {
    setBusy(true);
    try {
      const next = await work();
      setState(next);
      if (!done) return;
      // a tap that did not turn them on says why, not only the status line's new state
      if (next.kind === 'on') toast.success(done);
      else if (next.kind === 'denied') toast.fail(PUSH_DENIED_TEXT);
      else if (next.kind === 'unsupported') toast.fail(next.reason);
      else toast.info('未允许通知，请再次点击并在浏览器的询问中选择“允许”');
    } catch (error) {
      toast.fail(pushFailureText(error, done ? '开启' : '关闭'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="my-form">
      <h2 className="my-form-title">消息通知</h2>
      <p className="my-form-note" role="status">
        {state === null ? '正在检查本机状态…' : state.kind === 'unsupported' ? state.reason : stateText[state.kind]}
      </p>
      {state?.kind === 'off' && (
        <button
          type="button"
          className="my-primary"
          disabled={busy}
          onClick={() => void run(turnPushOn, '已开启本机消息通知')}
        >
          开启本机消息通知
        </button>
      )}
      {state?.kind === 'on' && (
        <>
          <button
            type="button"
            className="my-primary"
            disabled={busy}
            onClick={() =>
              void sendTestPush().then(
                () => toast.success('测试通知已发送'),
                () => undefined,
              )
            }
          >
            发送测试通知
          </button>
          <button type="button" className="my-secondary" disabled={busy} onClick={() => void run(turnPushOff)}>
            关闭本机消息通知
          </button>
        </>
      )}
      {state !== null && <PushDevices key={state.kind} thisEndpoint={state.kind === 'on' ? state.endpoint : null} />}
    </div>
  );
}
