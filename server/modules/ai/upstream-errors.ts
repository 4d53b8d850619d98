import { ModelError } from './model';

// Messages name the setting to check, because the reader is often the person who configured it. They never
// repeat the upstream body: some services echo part of the key in a 401.

/** An HTTP status from the model service → a ModelError the user can read. */
export function errorForStatus(status: number): ModelError {
  if (status === 401 || status === 403)
    return new ModelError('unauthorized', `模型服务拒绝了访问（HTTP ${status}），请检查 AI_API_KEY`, status);
  if (status === 429) return new ModelError('rate_limited', '模型服务繁忙或额度已用完（HTTP 429），请稍后再试', status);
  if (status === 404)
    return new ModelError(
      'bad_request',
      '模型服务地址或模型名称不正确（HTTP 404），请检查 AI_BASE_URL 和 AI_MODEL',
      status,
    );
  if (status >= 500) return new ModelError('server', `模型服务出错（HTTP ${status}），请稍后重试`, status);
  return new ModelError('bad_request', `模型服务拒绝了请求（HTTP ${status}）`, status);
}

/** A failure of fetch itself (no HTTP answer) → a ModelError. */
export function errorForNetwork(error: unknown): ModelError {
  if (error instanceof ModelError) return error;
  const code = (error as { cause?: { code?: string } } | null)?.cause?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new ModelError('unreachable', '找不到模型服务的地址，请检查 AI_BASE_URL');
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return cutStreamError();
  return new ModelError('unreachable', '无法连接模型服务，请检查 AI_BASE_URL 和网络');
}

export const timeoutError = (seconds: number) =>
  new ModelError('timeout', `模型服务超过 ${seconds} 秒没有响应，请稍后重试`);
export const abortedError = () => new ModelError('aborted', '已停止生成');
export const badStreamError = () =>
  new ModelError('bad_stream', '模型服务返回的数据无法识别，请检查 AI_BASE_URL 是否为 OpenAI 兼容接口');
export const cutStreamError = () => new ModelError('bad_stream', '模型服务的回答中断了，请重试');
