import { describe, expect, it } from 'vitest';
import { aliyunEncode, signAcs3 } from '../../../server/modules/delivery/aliyun-acs3';

describe('Aliyun OpenAPI signature V3 (ACS3-HMAC-SHA256, 短信服务 SendSms)', () => {
  it('reproduces the worked example of Aliyun’s “V3版本请求体&签名机制” (RunInstances, empty body)', () => {
    const headers = signAcs3({
      method: 'POST',
      host: 'ecs.cn-shanghai.aliyuncs.com',
      action: 'RunInstances',
      version: '2014-05-26',
      query: { RegionId: 'cn-shanghai', ImageId: 'win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd' },
      date: '2023-10-26T09:01:01Z',
      nonce: 'd410180a5abf7fe235dd9b74aca91fc0',
      accessKeyId: 'YourAccessKeyId',
      accessKeySecret: 'YourAccessKeySecret',
    });
    expect(headers['x-acs-content-sha256']).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(headers.authorization).toBe(
      'ACS3-HMAC-SHA256 Credential=YourAccessKeyId,' +
        'SignedHeaders=host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version,' +
        'Signature=e521358f7776c97df52e6b2891a8bc73026794a071b50c3323388c4e0df64804',
    );
  });

  it('percent-encodes as RFC 3986 requires: space as %20, * as %2A, ~ kept', () => {
    expect(aliyunEncode("a b*c~d+e/f!'()")).toBe('a%20b%2Ac~d%2Be%2Ff%21%27%28%29');
  });
});
