import dd from 'dingtalk-jsapi/entry/mobile';
import scan from 'dingtalk-jsapi/api/biz/util/scan';
import openLink from 'dingtalk-jsapi/api/biz/util/openLink';
import setTitle from 'dingtalk-jsapi/api/biz/navigation/setTitle';
import requestAuthCode from 'dingtalk-jsapi/api/runtime/permission/requestAuthCode';
import type { HostContainer } from './host-container';

const ready = () => new Promise<void>((resolve) => dd.ready(resolve));

/**
 * Inside DingTalk: a one-time login code (免登授权码) for the corp, from DingTalk itself (runtime.permission.
 * requestAuthCode, which needs no dd.config either). The server's /api/mobile/ding/talk/login takes it as an OAuth code.
 */
export async function dingTalkAuthCode(corpId: string): Promise<string> {
  await ready();
  const { code } = await requestAuthCode({ corpId });
  return code;
}

/**
 * The DingTalk container through dingtalk-jsapi. The three JSAPIs used here (biz.util.scan, biz.util.openLink,
 * biz.navigation.setTitle) are among those DingTalk lets a page call without dd.config (JSAPI 鉴权), so no signature
 * is asked for: dd.ready is enough. One chunk with the entry's login code below, fetched only inside DingTalk.
 */
export async function startDingTalkContainer(): Promise<HostContainer> {
  await ready();
  return {
    async scan() {
      try {
        const result = (await scan({ type: 'qrCode' })) as { text?: string };
        return result.text ?? null;
      } catch (error) {
        // DingTalk answers a cancelled scan with errorCode 3 ('用户取消')
        if (String((error as { errorCode?: unknown }).errorCode) === '3') return null;
        throw error;
      }
    },
    async previewFile(file) {
      await openLink({ url: file.url });
    },
    async setTitle(title) {
      await setTitle({ title });
    },
  };
}
