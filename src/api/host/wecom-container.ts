import * as ww from '@wecom/jssdk';
import type { WxSignatureData } from '@contract/auth';
import { getUid } from '@/lib/uid-store';
import { post } from '../http';
import type { HostContainer } from './host-container';

// every JS-SDK call the app makes inside WeCom, declared to wx.config (self-built app: corp config only, no agentConfig)
const JS_API_LIST = ['scanQRCode', 'previewFile'];
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Spec §7: a call without a uid carries a fresh timestamp and a never-used 10-character nonce instead. */
function anonymousSignature(): Record<string, string> {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const nonce = Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
  return { nonce, timestamp: String(Date.now()) };
}

/** Spec §7 POST /api/mobile/wxmobile/app/signature2: wx.config data for a page address (without its #fragment). */
function signature(url: string): Promise<WxSignatureData> {
  return post<WxSignatureData>(
    '/api/mobile/wxmobile/app/signature2',
    { url },
    { silent: true, noLoading: true, headers: getUid() ? undefined : anonymousSignature() },
  );
}

/** Registers the app with the WeCom JS-SDK, signed by our server, and waits for WeCom to accept the signature. */
export async function startWecomContainer(): Promise<HostContainer> {
  const here = window.location.href.split('#')[0]!;
  // the corp id comes with the first signature; the SDK asks for that same page's signature next, and gets this one
  let first: { url: string; data: WxSignatureData } | null = { url: here, data: await signature(here) };
  ww.register({
    corpId: first.data.appId,
    jsApiList: JS_API_LIST,
    async getConfigSignature(url) {
      const kept = first?.url === url ? first.data : null;
      first = null;
      const data = kept ?? (await signature(url));
      return { timestamp: data.timestamp, nonceStr: data.nonceStr, signature: data.signature };
    },
  });
  // signed now, so the first scan does not wait; the SDK signs again by itself when the address has changed
  await ww.ensureConfigReady();
  return {
    async scan() {
      try {
        const result = await ww.scanQRCode({ needResult: true, scanType: [ww.ScanQRCodeType.qrCode] });
        return result.resultStr ?? null;
      } catch (error) {
        if (/cancel/i.test(String((error as { errMsg?: string }).errMsg ?? ''))) return null;
        throw error;
      }
    },
    async previewFile(file) {
      await ww.previewFile({ url: file.url, name: file.name, size: file.size ?? 0 });
    },
    // WeCom's title bar shows document.title
    setTitle: () => Promise.resolve(),
  };
}
