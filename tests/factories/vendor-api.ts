import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the WeCom (企业微信), DingTalk (钉钉) and Aliyun SMS (短信服务) APIs the reminder channels call.
 * It checks each request against the vendors' documentation (paths, parameters, bodies, the SMS signature, which it
 * recomputes itself) and notes every departure in `problems`; tokens are only valid until the next one is issued.
 */
export interface VendorApi {
  url: string;
  /** requests that do not follow the documentation */
  problems: string[];
  /** how often each path was called */
  calls: Map<string, number>;
  /** sentAt[i]: Date.now() when sent[i] arrived (the reminder bench times the escalation) */
  wecom: { directory: Map<string, string>; sent: WecomSend[]; sentAt: number[]; expireToken(): void };
  ding: { directory: Map<string, string>; sent: DingSend[]; busyOnce: Set<string> };
  sms: { sent: SmsSend[]; answers: Map<string, string> };
  close(): Promise<void>;
}

export interface WecomSend {
  touser: string;
  msgtype: string;
  agentid: number;
  textcard: { title: string; description: string; url: string; btntxt?: string };
  enable_duplicate_check?: number;
  duplicate_check_interval?: number;
}
export interface DingSend {
  agent_id: number;
  userid_list: string;
  msg: { msgtype: string; action_card: { title: string; markdown: string; single_title: string; single_url: string } };
}
export interface SmsSend {
  PhoneNumbers: string;
  SignName: string;
  TemplateCode: string;
  TemplateParam: Record<string, string>;
}

export const vendorSettings = {
  WECOM_CORP_ID: 'wx-corp',
  WECOM_CORP_SECRET: 'wx-secret',
  WECOM_AGENT_ID: '1000002',
  DINGTALK_APP_KEY: 'ding-key',
  DINGTALK_APP_SECRET: 'ding-secret',
  DINGTALK_AGENT_ID: '2233445566',
  SMS_ACCESS_KEY_ID: 'LTAI-test-key',
  SMS_ACCESS_KEY_SECRET: 'sms/secret+with=odd*chars',
  SMS_SIGN_NAME: '协同办公',
  SMS_TEMPLATE_CODE: 'SMS_123456789',
};

// written from Aliyun's documentation (signature V3), independently of the server's code
const enc = (s: string) =>
  encodeURIComponent(s)
    .replace(/!/g, '%21')
    .replace(/'/g, '%27')
    .replace(/\(/g, '%28')
    .replace(/\)/g, '%29')
    .replace(/\*/g, '%2A');

export async function startVendorApi(): Promise<VendorApi> {
  const problems: string[] = [];
  const calls = new Map<string, number>();
  const tokens = { wecom: '', ding: '', wecomIssued: 0, dingIssued: 0 };
  const wecom = {
    directory: new Map<string, string>(),
    sent: [] as WecomSend[],
    sentAt: [] as number[],
    expireToken: () => (tokens.wecom = ''),
  };
  const ding = { directory: new Map<string, string>(), sent: [] as DingSend[], busyOnce: new Set<string>() };
  /** when each WeCom card was last delivered (request JSON → time), for the duplicate check */
  const wecomDelivered = new Map<string, number>();
  const sms = { sent: [] as SmsSend[], answers: new Map<string, string>() };
  const nonces = new Set<string>();
  const problem = (text: string) => problems.push(text);

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.set(url.pathname, (calls.get(url.pathname) ?? 0) + 1);
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const send = (value: unknown, status = 200) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const q = url.searchParams;
      let body: Record<string, unknown> = {};
      // the SMS call (path /) carries its parameters in the query string and an empty body
      if (req.method === 'POST' && url.pathname !== '/') {
        if (!String(req.headers['content-type']).startsWith('application/json'))
          problem(`${url.pathname}: content-type ${req.headers['content-type']}`);
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          problem(`${url.pathname}: body is no JSON`);
        }
      }
      const post = (path: string) => {
        if (req.method !== 'POST') problem(`${path}: ${req.method} instead of POST`);
      };
      switch (url.pathname) {
        // ---- WeCom: https://developer.work.weixin.qq.com/document/path/91039, 95402, 90236
        case '/cgi-bin/gettoken':
          if (
            q.get('corpid') !== vendorSettings.WECOM_CORP_ID ||
            q.get('corpsecret') !== vendorSettings.WECOM_CORP_SECRET
          )
            return send({ errcode: 40001, errmsg: 'invalid credential' });
          tokens.wecom = `wx-token-${++tokens.wecomIssued}`;
          return send({ errcode: 0, errmsg: 'ok', access_token: tokens.wecom, expires_in: 7200 });
        case '/cgi-bin/user/getuserid': {
          post(url.pathname);
          if (!tokens.wecom || q.get('access_token') !== tokens.wecom)
            return send({ errcode: 42001, errmsg: 'access_token expired' });
          const userid = wecom.directory.get(String(body.mobile));
          return send(userid ? { errcode: 0, errmsg: 'ok', userid } : { errcode: 46004, errmsg: 'mobile not found' });
        }
        case '/cgi-bin/message/send': {
          post(url.pathname);
          if (!tokens.wecom || q.get('access_token') !== tokens.wecom)
            return send({ errcode: 42001, errmsg: 'access_token expired' });
          const m = body as unknown as WecomSend;
          if (m.msgtype !== 'textcard') problem(`wecom msgtype ${m.msgtype}`);
          if (m.agentid !== Number(vendorSettings.WECOM_AGENT_ID)) problem(`wecom agentid ${String(m.agentid)}`);
          if (typeof m.touser !== 'string' || ![...wecom.directory.values()].includes(m.touser))
            problem(`wecom touser ${m.touser}`);
          const card = m.textcard ?? {};
          if (!card.title || !card.description || !/^https?:\/\//.test(card.url ?? ''))
            problem(`wecom textcard ${JSON.stringify(card)}`);
          if (card.title.length > 128 || card.description.length > 512 || (card.btntxt ?? '').length > 4)
            problem('wecom textcard too long');
          // WeCom's duplicate check: the same request JSON within the interval is accepted and not delivered again
          const check = body as { enable_duplicate_check?: number; duplicate_check_interval?: number };
          const interval = check.duplicate_check_interval ?? 1800;
          if (check.enable_duplicate_check !== undefined && ![0, 1].includes(check.enable_duplicate_check))
            problem(`wecom enable_duplicate_check ${String(check.enable_duplicate_check)}`);
          if (interval > 4 * 3600) problem(`wecom duplicate_check_interval ${interval}`);
          const key = JSON.stringify({ touser: m.touser, agentid: m.agentid, textcard: m.textcard });
          const last = wecomDelivered.get(key);
          if (check.enable_duplicate_check === 1 && last !== undefined && Date.now() - last < interval * 1000)
            return send({ errcode: 0, errmsg: 'ok', invaliduser: '', msgid: `msg-dup-${wecom.sent.length}` });
          wecomDelivered.set(key, Date.now());
          wecom.sent.push(m);
          wecom.sentAt.push(Date.now());
          return send({ errcode: 0, errmsg: 'ok', invaliduser: '', msgid: `msg-${wecom.sent.length}` });
        }
        // ---- DingTalk: https://open.dingtalk.com/document/orgapp/asynchronous-sending-of-enterprise-session-messages
        case '/gettoken':
          if (
            q.get('appkey') !== vendorSettings.DINGTALK_APP_KEY ||
            q.get('appsecret') !== vendorSettings.DINGTALK_APP_SECRET
          )
            return send({ errcode: 40089, errmsg: '不合法的appkey' });
          tokens.ding = `ding-token-${++tokens.dingIssued}`;
          return send({ errcode: 0, errmsg: 'ok', access_token: tokens.ding, expires_in: 7200 });
        case '/topapi/v2/user/getbymobile': {
          post(url.pathname);
          if (q.get('access_token') !== tokens.ding) return send({ errcode: 40014, errmsg: '不合法的access_token' });
          const userid = ding.directory.get(String(body.mobile));
          return send(
            userid ? { errcode: 0, errmsg: 'ok', result: { userid } } : { errcode: 60121, errmsg: '找不到该用户' },
          );
        }
        case '/topapi/message/corpconversation/asyncsend_v2': {
          post(url.pathname);
          if (q.get('access_token') !== tokens.ding) return send({ errcode: 40014, errmsg: '不合法的access_token' });
          const m = body as unknown as DingSend;
          if (m.agent_id !== Number(vendorSettings.DINGTALK_AGENT_ID)) problem(`ding agent_id ${String(m.agent_id)}`);
          if (
            typeof m.userid_list !== 'string' ||
            m.userid_list.split(',').some((id) => ![...ding.directory.values()].includes(id))
          )
            problem(`ding userid_list ${m.userid_list}`);
          const card = m.msg?.action_card;
          if (
            m.msg?.msgtype !== 'action_card' ||
            !card?.title ||
            !card.markdown ||
            !card.single_title ||
            !/^https?:\/\//.test(card.single_url ?? '')
          )
            problem(`ding msg ${JSON.stringify(m.msg)}`);
          if (card && ding.busyOnce.delete(card.title)) return send({ errcode: -1, errmsg: '系统繁忙' });
          ding.sent.push(m);
          return send({ errcode: 0, errmsg: 'ok', task_id: ding.sent.length, request_id: `req-${ding.sent.length}` });
        }
        // ---- Aliyun SMS SendSms: https://help.aliyun.com/document_detail/419273.html, signed by the OpenAPI
        // signature V3 (ACS3-HMAC-SHA256, "V3版本请求体&签名机制"): common parameters as signed x-acs-* headers
        case '/': {
          const signed = Object.fromEntries(q.entries());
          if (req.method !== 'POST') problem(`sms: ${req.method} instead of POST`);
          for (const key of ['PhoneNumbers', 'SignName', 'TemplateCode', 'TemplateParam'])
            if (!signed[key]) problem(`sms: no ${key}`);
          const header = (name: string) => String(req.headers[name] ?? '');
          if (header('x-acs-action') !== 'SendSms' || header('x-acs-version') !== '2017-05-25')
            problem(`sms: ${header('x-acs-action')} ${header('x-acs-version')}`);
          const date = header('x-acs-date');
          if (
            !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(date) ||
            Math.abs(Date.parse(date) - Date.now()) > 15 * 60_000
          )
            problem(`sms: x-acs-date ${date}`);
          const nonce = header('x-acs-signature-nonce');
          if (!nonce || nonces.has(nonce)) problem('sms: x-acs-signature-nonce missing or used twice');
          nonces.add(nonce);
          const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
          if (header('x-acs-content-sha256') !== sha256(raw)) problem('sms: x-acs-content-sha256 is not the body’s');
          const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
            header('authorization'),
          );
          if (!auth) {
            problem(`sms: Authorization ${header('authorization')}`);
            return send({ Code: 'MissingAuthorization', Message: 'Authorization is mandatory.' }, 400);
          }
          const [, credential, signedHeaders, signature] = auth;
          // every x-acs-* header and host must be signed (the docs: all common headers but Authorization)
          const names = signedHeaders!.split(';');
          const wanted = Object.keys(req.headers).filter((name) => name === 'host' || name.startsWith('x-acs-'));
          if (wanted.some((name) => !names.includes(name)) || names.join(';') !== [...names].sort().join(';'))
            problem(`sms: SignedHeaders ${signedHeaders}`);
          if (credential !== vendorSettings.SMS_ACCESS_KEY_ID)
            return send({ Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' }, 404);
          const canonicalQuery = [...q.keys()]
            .sort()
            .map((k) => `${enc(k)}=${enc(q.get(k)!)}`)
            .join('&');
          const canonicalHeaders = names.map((name) => `${name}:${header(name).trim()}\n`).join('');
          const canonicalRequest = [
            req.method,
            url.pathname,
            canonicalQuery,
            canonicalHeaders,
            signedHeaders,
            sha256(raw),
          ];
          const expected = createHmac('sha256', vendorSettings.SMS_ACCESS_KEY_SECRET)
            .update(`ACS3-HMAC-SHA256\n${sha256(canonicalRequest.join('\n'))}`)
            .digest('hex');
          if (signature !== expected) {
            problem('sms: signature does not match');
            return send(
              { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' },
              400,
            );
          }
          let templateParam: Record<string, string> = {};
          try {
            templateParam = JSON.parse(signed.TemplateParam ?? '') as Record<string, string>;
          } catch {
            problem('sms: TemplateParam is no JSON');
          }
          const answer = sms.answers.get(signed.PhoneNumbers!);
          if (answer === 'isv.MOBILE_NUMBER_ILLEGAL')
            return send({ Code: answer, Message: '非法手机号', RequestId: 'r' });
          if (answer === 'isv.BUSINESS_LIMIT_CONTROL')
            return send({ Code: answer, Message: '触发小时级流控Permits:5', RequestId: 'r' });
          sms.sent.push({
            PhoneNumbers: signed.PhoneNumbers!,
            SignName: signed.SignName!,
            TemplateCode: signed.TemplateCode!,
            TemplateParam: templateParam,
          });
          return send({ Code: 'OK', Message: 'OK', BizId: `biz-${sms.sent.length}`, RequestId: 'r' });
        }
        default:
          problem(`unknown path ${url.pathname}`);
          res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    problems,
    calls,
    wecom,
    ding,
    sms,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
