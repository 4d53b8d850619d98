import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError, fail } from '../lib/app-error';
import { isConnectionLoss } from '../db/connection-loss';
import { SERVER_BUSY_MESSAGE } from '../db/request-deadline';

/** Fastify's own 4xx errors (body parsing, multipart, …) in Chinese, by error code. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是合法的JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度不正确',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请使用multipart/form-data上传文件',
  FST_PROTO_VIOLATION: '请求体包含非法字段',
  FST_ERR_BAD_URL: '请求地址不合法',
  FST_FILES_LIMIT: '一次上传的文件过多',
  FST_PARTS_LIMIT: '表单项过多',
  FST_FIELDS_LIMIT: '表单字段过多',
  FST_REQ_FILE_TOO_LARGE: '文件过大',
};

// messages of zod's Chinese locale start like this; they do not name the field, so we add it
const localeMessage = /^(无效|数值过|未知|意外|非法)/;

function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '请求参数错误';
  const field = issue.path.map(String).join('.');
  return field && localeMessage.test(issue.message) ? `参数${field}：${issue.message}` : issue.message;
}

// PostgreSQL text cannot hold NUL (22021) or characters outside the encoding (22P05): any string a client sends
// may carry them, so the database refusing one is bad input, not a server bug (drizzle puts the driver error in cause)
const badTextCodes = new Set(['22021', '22P05']);
function badTextFromClient(error: unknown): boolean {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
  return typeof code === 'string' && badTextCodes.has(code);
}

/** An AppError, or one the ORM wrapped (drizzle wraps whatever the driver throws, the busy database's 503 too). */
function appErrorIn(error: unknown): AppError | null {
  for (let e = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (e instanceof AppError) return e;
  }
  return null;
}

/** Envelope for every error: validation → 400, AppError → its status, framework 4xx → Chinese, else 500 logged. */
export async function registerErrors(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof ZodError) return reply.status(400).send(fail(400, zodMessage(error)));
    const expected = appErrorIn(error);
    if (expected)
      return reply.status(expected.status).send({ ...fail(expected.code, expected.message), data: expected.detail });
    if (badTextFromClient(error)) return reply.status(400).send(fail(400, '请求参数包含非法字符'));
    // the client sends it again after Retry-After; a write's Idempotency-Key answers that retry from the stored
    // answer if the commit went through just before the connection went
    if (isConnectionLoss(error)) {
      request.log.warn({ err: error }, 'database connection lost under a request');
      return reply.status(503).header('Retry-After', '1').send(fail(503, SERVER_BUSY_MESSAGE));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const msg = frameworkMessages[(error as FastifyError).code] ?? (status === 413 ? '请求体过大' : '请求参数错误');
      return reply.status(status).send(fail(status, msg));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(500, '服务器内部错误'));
  });
}

/** Router-level errors (bad URL encoding, over-long params) never reach the error handler: answer them here. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const msg = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '请求参数过长' : '请求地址不合法';
  void reply.status(400).send(fail(400, msg));
}

/** No real form nests this deep; a deeper body only serves to overflow the stack of whatever walks it later. */
export const MAX_JSON_DEPTH = 64;
const badJson = (message: string) => new AppError(400, message);
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Finds what every route must refuse in a parsed body: nesting over MAX_JSON_DEPTH, or a string (value or key) with
 * a lone UTF-16 surrogate, which PostgreSQL refuses in json and silently mangles in text. Iterative: the body may be
 * deeper than the call stack.
 */
export function unsafeJson(value: unknown): AppError | null {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (typeof node === 'string') {
      if (loneSurrogate.test(node)) return badJson('请求参数包含非法字符');
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    if (depth > MAX_JSON_DEPTH) return badJson('请求体嵌套层级过深');
    for (const [key, child] of Object.entries(node)) {
      if (loneSurrogate.test(key)) return badJson('请求参数包含非法字符');
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

/** A JSON body parser that accepts an empty body (clients send the JSON content type on every call). */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, String(body), (error, parsed) => {
      if (error) return done(error, undefined);
      const refused = unsafeJson(parsed);
      return refused ? done(refused, undefined) : done(null, parsed);
    });
  });
}
