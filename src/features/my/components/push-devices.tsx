import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@/lib/format';
import { pushDevicesQueryOptions } from '../api/push-devices';

/** A device's name from its browser's user agent: system and browser, enough to tell a phone from a computer. */
export function deviceName(userAgent: string | null): string {
  const ua = userAgent ?? '';
  const system = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /HarmonyOS/.test(ua)
      ? '鸿蒙'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X/.test(ua)
            ? 'Mac'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : '';
  return [system, browser].filter(Boolean).join(' · ') || '未知设备';
}

/**
 * 我的 → 消息通知: each device that receives this person's notifications and the last one it reported shown (from the
 * service worker's receipt; a push the push service took but no device confirmed is not listed as shown).
 */
export function PushDevices({ thisEndpoint }: { thisEndpoint: string | null }) {
  const devices = useQuery(pushDevicesQueryOptions());
  if (!devices.data?.length) return null;
  return (
    <section className="my-push-devices" aria-label="接收通知的设备">
      <h3 className="my-push-devices-title">接收通知的设备</h3>
      <ul>
        {devices.data.map((device) => (
          <li key={device.id} className="my-push-device">
            <strong>
              {deviceName(device.userAgent)}
              {device.endpoint && device.endpoint === thisEndpoint ? '（本机）' : ''}
            </strong>
            <span className="my-form-note">
              {device.lastShown
                ? `最近送达：${device.lastShown.title}（${formatDate(device.lastShown.at, 'MM-dd HH:mm')}）`
                : '尚无送达记录'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
