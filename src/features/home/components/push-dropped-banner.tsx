import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { turnPushOn } from '@/api/push-device';
import { toast } from '@/ui/feedback';
import { pushDroppedQueryOptions } from '../api/push-dropped';

/**
 * 本机消息推送已失效: the push service dropped this device's subscription (the server was answered 404/410 and
 * remembers it), so reminders reach only the in-app inbox. One tap subscribes again; the permission prompt, if any,
 * comes from that tap.
 */
export default function PushDroppedBanner() {
  const queryClient = useQueryClient();
  const dropped = useQuery(pushDroppedQueryOptions());
  const [busy, setBusy] = useState(false);
  if (!dropped.data) return null;
  const handleRenew = async () => {
    setBusy(true);
    try {
      const state = await turnPushOn();
      if (state.kind === 'on') {
        toast.success('已重新开启本机消息通知');
        queryClient.setQueryData(pushDroppedQueryOptions().queryKey, false);
      } else if (state.kind === 'denied') toast.fail('消息通知已被浏览器禁止，请在系统设置中允许本应用发送通知');
    } catch {
      toast.fail('操作失败，请检查网络后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div role="alert">
      <button type="button" className="home-push-dropped" disabled={busy} onClick={() => void handleRenew()}>
        本机消息推送已失效，点此重新开启
      </button>
    </div>
  );
}
