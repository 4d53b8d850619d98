import { createHash, createHmac } from 'node:crypto';

/*
 * Aliyun OpenAPI signature V3 (ACS3-HMAC-SHA256), the one Aliyun's SDKs use today and the one its docs ask callers of
 * the older RPC signature (HMAC-SHA1, SignatureVersion 1.0) to move to. Every common parameter travels as an x-acs-*
 * header, all of them signed; the business parameters of an RPC call such as SendSms stay in the query string.
 */

/** Aliyun's percent-encoding: RFC 3986, only A-Z a-z 0-9 - _ . ~ left as they are. */
export function aliyunEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

export interface Acs3Request {
  method: 'GET' | 'POST';
  host: string;
  action: string;
  version: string;
  query: Record<string, string>;
  body?: string;
  /** ISO 8601 UTC to the second, e.g. 2023-10-26T09:01:01Z */
  date: string;
  nonce: string;
  accessKeyId: string;
  accessKeySecret: string;
}

/** The headers to send (host included, which fetch sets itself from the URL) with the Authorization header. */
export function signAcs3(request: Acs3Request): Record<string, string> {
  const body = request.body ?? '';
  const headers: Record<string, string> = {
    host: request.host,
    'x-acs-action': request.action,
    'x-acs-content-sha256': sha256Hex(body),
    'x-acs-date': request.date,
    'x-acs-signature-nonce': request.nonce,
    'x-acs-version': request.version,
  };
  const names = Object.keys(headers).sort();
  const canonicalRequest = [
    request.method,
    '/', // RPC style: the path is always the root
    Object.keys(request.query)
      .sort()
      .map((key) => `${aliyunEncode(key)}=${aliyunEncode(request.query[key]!)}`)
      .join('&'),
    names.map((name) => `${name}:${headers[name]!.trim()}\n`).join(''),
    names.join(';'),
    headers['x-acs-content-sha256'],
  ].join('\n');
  const signature = createHmac('sha256', request.accessKeySecret)
    .update(`ACS3-HMAC-SHA256\n${sha256Hex(canonicalRequest)}`)
    .digest('hex');
  return {
    ...headers,
    authorization: `ACS3-HMAC-SHA256 Credential=${request.accessKeyId},SignedHeaders=${names.join(';')},Signature=${signature}`,
  };
}
