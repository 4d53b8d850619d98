export type HostApp = 'browser' | 'dingtalk' | 'wecom' | 'uniapp';

/** Spec §2: the entry route sends user agents containing "pad" or "pod" to the tablet layout. */
export function isPadUserAgent(ua: string): boolean {
  return /pad|pod/i.test(ua);
}

export function detectHostApp(ua: string): HostApp {
  if (/DingTalk/i.test(ua)) return 'dingtalk';
  if (/wxwork/i.test(ua)) return 'wecom';
  if (/Html5Plus|uni-app/i.test(ua)) return 'uniapp';
  return 'browser';
}
