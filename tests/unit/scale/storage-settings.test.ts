import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { parseRange } from '../../../server/lib/storage';
import { parseCsv } from '../../../scripts/org-import-read';

describe('file storage settings', () => {
  it('keeps files on the local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
    expect(
      loadConfig({
        S3_BUCKET: 'oa',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'oa',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
  });

  it('stops the start on settings that cannot be meant', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'oa', S3_ACCESS_KEY_ID: 'k' })).toThrow(/together/);
    expect(() => loadConfig({ S3_BUCKET: 'oa', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe('Range header', () => {
  it('reads one range, a suffix and an open end; ignores what it cannot read; 416 past the end', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
  });
});

describe('CSV of an organisation file', () => {
  it('drops a BOM, keeps quoted commas, quotes and line breaks, and numbers records by the line they start on', () => {
    const text = '\ufeff姓名,岗位\r\n"刘洋","工程师, 后端"\r\n"王""五",职员\n"多\n行",x\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['姓名', '岗位'] },
      { line: 2, fields: ['刘洋', '工程师, 后端'] },
      { line: 3, fields: ['王"五', '职员'] },
      { line: 4, fields: ['多\n行', 'x'] },
    ]);
  });
});
