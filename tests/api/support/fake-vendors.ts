import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeVendors {
  url: string;
  /** how often each path was called */
  calls: Map<string, number>;
  /** DingTalk userid → mobile, as the fake DingTalk directory answers it */
  dingDirectory: Map<string, string>;
  /** WeCom one-time OAuth code → userid (a code works once, as WeCom documents; '' answers as a non-member's openid) */
  wecomCodes: Map<string, string>;
  /** WeCom userid → mobile, as 读取成员 answers it (a userid missing here is outside the app's visible range) */
  wecomDirectory: Map<string, string>;
  /** WeCom 应用消息 and DingTalk 工作通知 bodies as received, newest last */
  wecomSent: Array<{ touser: string; textcard: { title: string; url: string } }>;
  dingSent: Array<{ userid_list: string; msg: { action_card: { title: string; single_url: string } } }>;
  /** requests that did not follow the documented form (method, access_token, parameters) */
  problems: string[];
  close(): Promise<void>;
}

export const fakeTicket = 'kgt8ON7yVITDhtdwci0qeZHsqb3K_XsBvj6fW8yU1Xq-TEST-TICKET';

const codes: Record<string, string> = { 'code-lisi': 'ding-001', 'code-stranger': 'ding-999' };

/** A tiny local stand-in for the DingTalk and WeCom open APIs (only what our server calls). */
export async function startFakeVendors(): Promise<FakeVendors> {
  const calls = new Map<string, number>();
  const dingDirectory = new Map<string, string>([['ding-999', '13000000000']]);
  const wecomCodes = new Map<string, string>();
  const wecomDirectory = new Map<string, string>();
  const problems: string[] = [];
  const wecomSent: FakeVendors['wecomSent'] = [];
  const dingSent: FakeVendors['dingSent'] = [];
  const byMobile = (directory: Map<string, string>, mobile: unknown) =>
    [...directory].find(([, m]) => m === mobile)?.[0];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.set(url.pathname, (calls.get(url.pathname) ?? 0) + 1);
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, string>) : {};
      const parsed = raw ? (JSON.parse(raw) as unknown) : null;
      const send = (value: unknown) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const q = url.searchParams;
      switch (url.pathname) {
        case '/gettoken':
          return send(
            q.get('appkey') === 'ding-key' && q.get('appsecret') === 'ding-secret'
              ? { errcode: 0, access_token: 'ding-token', expires_in: 7200 }
              : { errcode: 40089, errmsg: '不合法的appkey' },
          );
        case '/topapi/v2/user/getuserinfo': {
          if (q.get('access_token') !== 'ding-token') return send({ errcode: 88, errmsg: 'bad token' });
          const userid = codes[body.code ?? ''];
          return send(userid ? { errcode: 0, result: { userid } } : { errcode: 40078, errmsg: '不存在的临时授权码' });
        }
        case '/topapi/v2/user/get':
          return send({
            errcode: 0,
            result: { userid: body.userid, mobile: dingDirectory.get(body.userid ?? '') ?? '' },
          });
        case '/cgi-bin/gettoken':
          return send(
            q.get('corpid') === 'wx-corp' && q.get('corpsecret') === 'wx-secret'
              ? { errcode: 0, access_token: 'wx-token', expires_in: 7200 }
              : { errcode: 40001, errmsg: 'invalid credential' },
          );
        case '/cgi-bin/get_jsapi_ticket':
          return send(
            q.get('access_token') === 'wx-token'
              ? { errcode: 0, errmsg: 'ok', ticket: fakeTicket, expires_in: 7200 }
              : { errcode: 42001, errmsg: 'expired' },
          );
        // 获取访问用户身份: GET ?access_token=&code= (developer.work.weixin.qq.com/document/path/91023)
        case '/cgi-bin/auth/getuserinfo': {
          const keys = [...q.keys()].sort().join(',');
          if (req.method !== 'GET' || keys !== 'access_token,code') problems.push(`getuserinfo ${req.method} ${keys}`);
          if (q.get('access_token') !== 'wx-token') return send({ errcode: 40014, errmsg: 'invalid access_token' });
          const code = q.get('code') ?? '';
          const userid = wecomCodes.get(code);
          if (userid === undefined) return send({ errcode: 40029, errmsg: 'invalid code' });
          wecomCodes.delete(code); // a code is good once
          return send(
            userid
              ? { errcode: 0, errmsg: 'ok', userid }
              : { errcode: 0, errmsg: 'ok', openid: 'o-outsider', external_userid: 'wm-outsider' },
          );
        }
        // 读取成员: GET ?access_token=&userid= (developer.work.weixin.qq.com/document/path/90196)
        case '/cgi-bin/user/get': {
          const keys = [...q.keys()].sort().join(',');
          if (req.method !== 'GET' || keys !== 'access_token,userid') problems.push(`user/get ${req.method} ${keys}`);
          if (q.get('access_token') !== 'wx-token') return send({ errcode: 40014, errmsg: 'invalid access_token' });
          const mobile = wecomDirectory.get(q.get('userid') ?? '');
          return send(
            mobile === undefined
              ? { errcode: 60011, errmsg: 'no privilege to access/modify contact/party/agent' }
              : { errcode: 0, errmsg: 'ok', userid: q.get('userid'), name: '成员', mobile, status: 1 },
          );
        }
        // the reminder channels: find the member by mobile, then send to them
        case '/cgi-bin/user/getuserid': {
          if (q.get('access_token') !== 'wx-token') return send({ errcode: 40014, errmsg: 'invalid access_token' });
          const userid = byMobile(wecomDirectory, body.mobile);
          return send(userid ? { errcode: 0, errmsg: 'ok', userid } : { errcode: 46004, errmsg: 'user not found' });
        }
        case '/cgi-bin/message/send':
          if (q.get('access_token') !== 'wx-token') return send({ errcode: 40014, errmsg: 'invalid access_token' });
          wecomSent.push(parsed as FakeVendors['wecomSent'][number]);
          return send({ errcode: 0, errmsg: 'ok', invaliduser: '', msgid: `msg-${wecomSent.length}` });
        case '/topapi/v2/user/getbymobile': {
          if (q.get('access_token') !== 'ding-token') return send({ errcode: 88, errmsg: 'bad token' });
          const userid = byMobile(dingDirectory, body.mobile);
          return send(userid ? { errcode: 0, result: { userid } } : { errcode: 60121, errmsg: '找不到该用户' });
        }
        case '/topapi/message/corpconversation/asyncsend_v2':
          if (q.get('access_token') !== 'ding-token') return send({ errcode: 88, errmsg: 'bad token' });
          dingSent.push(parsed as FakeVendors['dingSent'][number]);
          return send({ errcode: 0, task_id: dingSent.length, request_id: 'r' });
        default:
          res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    dingDirectory,
    wecomCodes,
    wecomDirectory,
    problems,
    wecomSent,
    dingSent,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
