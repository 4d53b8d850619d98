import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import { PushServiceError, pushFailureText } from '@/api/push-device';

// 开启本机消息通知 says why it failed (issue 47.7): the server's own answer, the browser's push service or the network.
describe('pushFailureText', () => {
  it('passes the server’s answer on as it is', () => {
    expect(pushFailureText(new ApiError('business', '不支持的推送服务地址', { status: 400 }))).toBe(
      '不支持的推送服务地址',
    );
  });

  it('names the browser’s push service and the network, and words turning off as 关闭', () => {
    expect(pushFailureText(new PushServiceError())).toMatch(/^浏览器的推送服务不可用/);
    expect(pushFailureText(new ApiError('network', 'Network Error'))).toBe('网络异常，请检查网络后重试');
    expect(pushFailureText(new Error('x'), '关闭')).toBe('关闭消息通知失败，请稍后重试');
  });
});
