import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeVendors {
  url: string;
  /** how often each path was called */
  calls: Map<string, number>;
  /** DingTalk userid → mobile, as the fake DingTalk directory answers it */
  dingDirectory: Map<string, string>;
  close(): Promise<void>;
}

export const fakeTicket = 'kgt8ON7yVITDhtdwci0qeZHsqb3K_XsBvj6fW8yU1Xq-TEST-TICKET';

const codes: Record<string, string> = { 'code-lisi': 'ding-001', 'code-stranger': 'ding-999' };

/** A tiny local stand-in for the DingTalk and WeCom open APIs (only what our server calls). */
export async function startFakeVendors(): Promise<FakeVendors> {
  const calls = new Map<string, number>();
  const dingDirectory = new Map<string, string>([['ding-999', '13000000000']]);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.set(url.pathname, (calls.get(url.pathname) ?? 0) + 1);
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, string>) : {};
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
