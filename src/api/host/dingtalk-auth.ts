import dd from 'dingtalk-jsapi/entry/mobile';
import requestAuthCode from 'dingtalk-jsapi/api/runtime/permission/requestAuthCode';

/**
 * Inside DingTalk: a one-time login code (免登授权码) for the corp, from DingTalk itself (runtime.permission.
 * requestAuthCode, which needs no dd.config). The server's /api/mobile/ding/talk/login takes it as an OAuth code.
 */
export async function dingTalkAuthCode(corpId: string): Promise<string> {
  await new Promise<void>((resolve) => dd.ready(resolve));
  const { code } = await requestAuthCode({ corpId });
  return code;
}
