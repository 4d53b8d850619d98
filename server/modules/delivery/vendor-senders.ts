import { randomUUID } from 'node:crypto';
import type { ServerConfig } from '../../config';
import { AppError } from '../../lib/app-error';
import { createDingTalkClient } from '../mobile/dingtalk-client';
import { fetchJson } from '../mobile/remote-json';
import { createWecomClient } from '../mobile/wecom-client';
import { aliyunEncode, signAcs3 } from './aliyun-acs3';
import type { SendOutcome } from './senders';

/** What a reminder that leaves the app by WeCom, DingTalk or SMS says: the item's title, its text and a link to it. */
export interface VendorMessage {
  title: string;
  content: string;
  /** absolute URL of the item in the app */
  url: string;
}

export interface VendorSender {
  /** `signal` ends the send's vendor calls at its deadline (the worker's DELIVERY_SEND_TIMEOUT_SECONDS) */
  send(mobile: string, message: VendorMessage, signal: AbortSignal): Promise<SendOutcome>;
}

type Answer = Record<string, unknown>;

const retry = (error: string): SendOutcome => ({ kind: 'retry', error });
const permanent = (error: string): SendOutcome => ({ kind: 'permanent', error });
const short = (text: unknown) => String(text ?? '').slice(0, 300);

/** A vendor call; its network failure or unreadable answer (fetchJson's 502) is worth a retry. */
async function call(url: string, label: string, init?: RequestInit): Promise<Answer | SendOutcome> {
  try {
    return await fetchJson(url, label, init);
  } catch (error) {
    return retry(error instanceof AppError ? error.message : short((error as Error).message));
  }
}
const isOutcome = (value: Answer | SendOutcome): value is SendOutcome =>
  typeof (value as SendOutcome).kind === 'string' && !('errcode' in value);
const postJson = (payload: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(payload),
});

// errcodes both vendors use: the access token is invalid (40014) or expired (42001); -1 is 系统繁忙
const TOKEN_INVALID = new Set([40014, 42001]);

/**
 * Calls an API that takes ?access_token=: a token the vendor calls invalid or expired is fetched anew and the call made
 * once more; -1 (busy) is a retry, any other errcode is handed to `other`.
 */
async function withToken(
  token: { (): Promise<string>; reset(): void },
  label: string,
  call1: (token: string) => Promise<Answer | SendOutcome>,
): Promise<Answer | SendOutcome> {
  for (let attempt = 0; ; attempt++) {
    let value: string;
    try {
      value = await token();
    } catch (error) {
      return retry(`${label}获取 access_token 失败：${short((error as Error).message)}`);
    }
    const answer = await call1(value);
    if (isOutcome(answer)) return answer;
    if (TOKEN_INVALID.has(Number(answer.errcode)) && attempt === 0) {
      token.reset();
      continue;
    }
    if (Number(answer.errcode) === -1) return retry(`${label}系统繁忙：${short(answer.errmsg)}`);
    return answer;
  }
}

/** A cache of mobile → vendor userid (a person's account rarely changes; a failed send forgets it). */
const userIdCache = () => new Map<string, string>();

/** WeCom 应用消息 (textcard) to the member whose mobile is on our record; null when not configured. */
export function createWecomSender(config: ServerConfig['wecom']): VendorSender | null {
  if (!config.corpId || !config.corpSecret || !config.agentId) return null;
  const client = createWecomClient({ corpId: config.corpId, corpSecret: config.corpSecret, apiBase: config.apiBase });
  const agentId = Number(config.agentId);
  const userIds = userIdCache();
  const api = (path: string, payload: unknown, signal: AbortSignal) => (token: string) =>
    call(`${config.apiBase}${path}?access_token=${encodeURIComponent(token)}`, '企业微信', {
      ...postJson(payload),
      signal,
    });
  return {
    async send(mobile, message, signal) {
      let userid = userIds.get(mobile);
      if (!userid) {
        const found = await withToken(
          client.accessToken,
          '企业微信',
          api('/cgi-bin/user/getuserid', { mobile }, signal),
        );
        if (isOutcome(found)) return found;
        // 46004: 不存在的成员 (no member with this mobile)
        if (Number(found.errcode) === 46004) return permanent('企业微信中没有该手机号的成员');
        if (found.errcode !== 0 || typeof found.userid !== 'string' || !found.userid)
          return permanent(`企业微信接口错误：${short(found.errmsg)}`);
        userid = found.userid;
        userIds.set(mobile, userid);
      }
      const body = {
        touser: userid,
        msgtype: 'textcard',
        agentid: agentId,
        textcard: {
          title: message.title.slice(0, 128),
          description: message.content.slice(0, 512),
          url: message.url,
          btntxt: '详情',
        },
        // WeCom's duplicate check: a re-send of the same card within the interval (a process killed after WeCom took
        // it but before the outbox recorded it, so another process sends it again) reaches the member once
        enable_duplicate_check: 1,
        duplicate_check_interval: 1800,
      };
      const sent = await withToken(client.accessToken, '企业微信', api('/cgi-bin/message/send', body, signal));
      if (isOutcome(sent)) return sent;
      if (sent.errcode === 0 && !short(sent.invaliduser)) return { kind: 'sent' };
      userIds.delete(mobile);
      // errcode 0 with the user listed in invaliduser, or 81013 (user & party & tag all invalid): not a member any more
      if (sent.errcode === 0 || Number(sent.errcode) === 81013)
        return permanent('企业微信中没有该成员或其不在应用可见范围');
      return permanent(`企业微信接口错误：${short(sent.errmsg)}`);
    },
  };
}

/** DingTalk 工作通知 (action_card with a link to the item) to the user whose mobile is on our record; null when not configured. */
export function createDingTalkSender(config: ServerConfig['dingtalk']): VendorSender | null {
  if (!config.appKey || !config.appSecret || !config.agentId) return null;
  const client = createDingTalkClient({ appKey: config.appKey, appSecret: config.appSecret, apiBase: config.apiBase });
  const agentId = Number(config.agentId);
  const userIds = userIdCache();
  const api = (path: string, payload: unknown, signal: AbortSignal) => (token: string) =>
    call(`${config.apiBase}${path}?access_token=${encodeURIComponent(token)}`, '钉钉', {
      ...postJson(payload),
      signal,
    });
  return {
    async send(mobile, message, signal) {
      let userid = userIds.get(mobile);
      if (!userid) {
        const found = await withToken(
          client.accessToken,
          '钉钉',
          api('/topapi/v2/user/getbymobile', { mobile }, signal),
        );
        if (isOutcome(found)) return found;
        const result = found.result as { userid?: unknown } | undefined;
        // 60121: 找不到该用户
        if (Number(found.errcode) === 60121 || (found.errcode === 0 && !result?.userid))
          return permanent('钉钉中没有该手机号的用户');
        if (found.errcode !== 0 || typeof result?.userid !== 'string')
          return permanent(`钉钉接口错误：${short(found.errmsg)}`);
        userid = result.userid;
        userIds.set(mobile, userid);
      }
      const body = {
        agent_id: agentId,
        userid_list: userid,
        msg: {
          msgtype: 'action_card',
          action_card: {
            title: message.title,
            markdown: `#### ${message.title}\n\n${message.content}`,
            single_title: '查看详情',
            single_url: message.url,
          },
        },
      };
      const sent = await withToken(
        client.accessToken,
        '钉钉',
        api('/topapi/message/corpconversation/asyncsend_v2', body, signal),
      );
      if (isOutcome(sent)) return sent;
      if (sent.errcode === 0 && sent.task_id !== undefined) return { kind: 'sent' };
      userIds.delete(mobile);
      // 90018 and friends: the app's sending limits; come back later
      if ([90018, 90002, 90006].includes(Number(sent.errcode))) return retry(`钉钉发送受限：${short(sent.errmsg)}`);
      return permanent(`钉钉接口错误：${short(sent.errmsg)}`);
    },
  };
}

// flow control and the gateway's own trouble: worth another try later
const SMS_RETRY = new Set([
  'isv.BUSINESS_LIMIT_CONTROL',
  'Throttling.User',
  'Throttling',
  'isp.SYSTEM_ERROR',
  'isp.RAM_PERMISSION_DENY_TEMPORARY',
  'ServiceUnavailable',
]);

/** Aliyun 短信服务 SendSms (RPC style, signature V3) with the item's title as the template's ${title}; null when not configured. */
export function createSmsSender(config: ServerConfig['sms']): VendorSender | null {
  const { accessKeyId, accessKeySecret, signName, templateCode } = config;
  if (!accessKeyId || !accessKeySecret || !signName || !templateCode) return null;
  return {
    async send(mobile, message, signal) {
      const query: Record<string, string> = {
        PhoneNumbers: mobile,
        SignName: signName,
        TemplateCode: templateCode,
        // a template variable holds at most 35 characters
        TemplateParam: JSON.stringify({ title: message.title.slice(0, 35) }),
      };
      const url = new URL(`${config.apiBase}/`);
      const headers = signAcs3({
        method: 'POST',
        host: url.host,
        action: 'SendSms',
        version: '2017-05-25',
        query,
        date: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        nonce: randomUUID(),
        accessKeyId,
        accessKeySecret,
      });
      delete headers.host; // fetch sends the URL's own host, the one signed
      url.search = Object.entries(query)
        .map(([key, value]) => `${aliyunEncode(key)}=${aliyunEncode(value)}`)
        .join('&');
      let status: number;
      let answer: Answer | null;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers,
          signal,
          redirect: 'error',
        });
        status = response.status;
        answer = (await response.json().catch(() => null)) as Answer | null;
      } catch (error) {
        return retry(`短信服务暂不可用：${short((error as Error).message)}`);
      }
      const code = typeof answer?.Code === 'string' ? answer.Code : '';
      if (code === 'OK') return { kind: 'sent' };
      const reason = `短信发送失败：${code || `HTTP ${status}`}${answer?.Message ? ` ${short(answer.Message)}` : ''}`;
      if (status >= 500 || !code || SMS_RETRY.has(code)) return retry(reason);
      return permanent(reason);
    },
  };
}
