import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, inArray } from 'drizzle-orm';
import writeExcelFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { orgs, userPosts, posts, userRoles, roles, users } from '../../server/db/schema';
import { keptCountDrift } from '../factories/kept-counts';
import {
  createSeededDataDir,
  createSeededPgDatabase,
  nodeArgsFor,
  openServerDatabase,
} from '../support-bench/spawn-server';
import { drivers } from './support/server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HEADER = '部门路径,姓名,账号,手机,邮箱,岗位,角色,上级';

/** Runs `npm run org:import`'s script as the CLI runs it: a separate process on the same database settings. */
async function runImport(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; out: string; err: string }> {
  const entry = await nodeArgsFor('scripts/org-import.ts');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...entry, ...args],
      { cwd: root, env: { ...process.env, ...env }, timeout: 180_000 },
      (error, out, err) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out, err }),
    );
  });
}

// each step runs the CLI as its own process (a node start and, on PGlite, opening the database): slow on a busy machine
describe.each(drivers)('npm run org:import on %s', { timeout: 180_000 }, (driver) => {
  let env: Record<string, string>;
  let dir: string;
  let drop = async () => undefined as void;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'oa-import-'));
    if (driver === 'pg') {
      const db = await createSeededPgDatabase('oa_import');
      drop = db.drop;
      env = { DATABASE_URL: db.url, DATA_DIR: dir };
    } else env = { DATA_DIR: await createSeededDataDir() };
  }, 120_000);
  afterAll(async () => {
    await drop();
    await fs.rm(dir, { recursive: true, force: true });
    if (driver === 'pglite') await fs.rm(env.DATA_DIR!, { recursive: true, force: true });
  });

  /** Opens the database between runs (the embedded one has one owner at a time), then closes it. */
  async function inDatabase<T>(read: (db: Database['db']) => Promise<T>): Promise<T> {
    const database = await openServerDatabase(env);
    try {
      return await read(database.db);
    } finally {
      await database.close();
    }
  }
  const userCount = () => inDatabase(async (db) => (await db.select({ n: count() }).from(users))[0]!.n);
  const file = async (name: string, lines: string[]) => {
    const target = path.join(dir, name);
    // a BOM, CRLF and a quoted cell holding a comma: what Excel writes when it saves "CSV UTF-8"
    await fs.writeFile(target, `\ufeff${[HEADER, ...lines].join('\r\n')}\r\n`);
    return target;
  };
  const first = [
    '华晟控股集团/华晟科技/研发部,张伟,zw.import,13900000001,zw.import@example.com,部门经理,部门经理,',
    '华晟控股集团/华晟科技/研发部,刘洋,ly.import,13900000002,,"工程师, 后端",普通员工,zw.import',
    '华晟控股集团/集团总部/综合管理部,李四,lisi,13900000003,,,,',
  ];

  it('--dry-run reports what it would do and writes nothing', async () => {
    const before = await userCount();
    const run = await runImport(env, '--dry-run', await file('first.csv', first));
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('试运行（--dry-run），以下变更不会写入');
    expect(run.out).toContain('新建部门 2');
    expect(run.out).toContain('华晟控股集团/华晟科技/研发部');
    expect(run.out).toContain('新建人员 2');
    expect(run.out).toContain('lisi（李四）：手机');
    expect(await userCount()).toBe(before);
    await expect(fs.stat(path.join(dir, 'first.初始密码.csv'))).rejects.toThrow();
  });

  it('imports: departments along the path, new staff with an initial password to change, updates by 账号', async () => {
    const run = await runImport(env, await file('first.csv', first));
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('导入完成');
    expect(run.out).toContain('设置部门负责人 1');
    const passwords = (await fs.readFile(path.join(dir, 'first.初始密码.csv'), 'utf8')).trimEnd().split('\r\n');
    expect(passwords[0]).toBe('\ufeff账号,初始密码');
    expect(
      passwords
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(['ly.import', 'zw.import']);
    expect((await fs.stat(path.join(dir, 'first.初始密码.csv'))).mode & 0o077).toBe(0);
    await inDatabase(async (db) => {
      const [tech] = await db.select().from(orgs).where(eq(orgs.name, '华晟科技'));
      const [rd] = await db.select().from(orgs).where(eq(orgs.name, '研发部'));
      expect([tech!.type, rd!.type, rd!.parentId]).toEqual(['company', 'dept', tech!.id]);
      expect(rd!.path).toBe(`${tech!.path}${rd!.id}/`);
      const people = await db
        .select()
        .from(users)
        .where(inArray(users.username, ['zw.import', 'ly.import', 'lisi']));
      const by = (name: string) => people.find((p) => p.username === name)!;
      expect(by('zw.import')).toMatchObject({
        realName: '张伟',
        orgId: rd!.id,
        mobile: '13900000001',
        mustChangePassword: true,
      });
      expect(by('lisi')).toMatchObject({ mobile: '13900000003', mustChangePassword: false });
      expect(rd!.leaderUserId).toBe(by('zw.import').id);
      const [post] = await db
        .select({ name: posts.name })
        .from(userPosts)
        .innerJoin(posts, eq(posts.id, userPosts.postId))
        .where(eq(userPosts.userId, by('ly.import').id));
      expect(post!.name).toBe('工程师, 后端');
      const held = await db
        .select({ code: roles.code })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, by('zw.import').id));
      expect(held.map((r) => r.code).sort()).toEqual(['dept_manager', 'staff']);
      expect(await keptCountDrift(db)).toEqual([]);
    });
  });

  it('a re-run of the same file changes nothing and duplicates nobody', async () => {
    const before = await userCount();
    const run = await runImport(env, await file('first.csv', first));
    expect(run.code, run.err).toBe(0);
    for (const line of ['新建部门 0', '新建人员 0', '更新人员 0', '调动人员 0', '设置部门负责人 0', '未变化 3'])
      expect(run.out).toContain(line);
    expect(await userCount()).toBe(before);
  });

  it('moves a person whose path changed (from an xlsx file)', async () => {
    const target = path.join(dir, 'move.xlsx');
    await writeExcelFile(
      [
        HEADER.split(','),
        ['华晟控股集团/华晟科技/测试部', '刘洋', 'ly.import', 13900000002, '', '工程师, 后端', '', ''],
      ],
      { sheet: '人员' },
    ).toFile(target);
    const run = await runImport(env, target);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('调动人员 1');
    expect(run.out).toContain('ly.import（刘洋）：华晟控股集团/华晟科技/研发部 → 华晟控股集团/华晟科技/测试部');
    expect(run.out).toContain('新建人员 0');
    await inDatabase(async (db) => {
      const [moved] = await db
        .select({ org: orgs.name, mobile: users.mobile })
        .from(users)
        .innerJoin(orgs, eq(orgs.id, users.orgId))
        .where(eq(users.username, 'ly.import'));
      expect(moved).toEqual({ org: '测试部', mobile: '13900000002' });
    });
  });

  it('rejects bad rows with their line numbers and Chinese reasons, and writes nothing of the file', async () => {
    const before = await userCount();
    const run = await runImport(
      env,
      await file('bad.csv', [
        '华晟控股集团/华晟科技/研发部,好人,haoren.import,13900000009,,,,',
        '华晟控股集团/华晟科技/研发部,钱七,qianqi,1234,,,,',
        '华晟控股集团/华晟科技/研发部,无账号,,13900000010,,,,',
        '华晟控股集团/华晟科技/研发部,重复,haoren.import,,,,,',
        '华晟控股集团/华晟科技/研发部,孙八,sunba,,not-an-email,,董事长,',
        '华晟控股集团/华晟科技/研发部,周九,zhoujiu,,,,,nobody',
        '别的集团/某部,吴十,wushi,,,,,',
      ]),
    );
    expect(run.code).toBe(1);
    expect(run.err).toContain('导入失败，没有写入任何数据');
    for (const line of [
      '第 3 行：手机号码「1234」格式不正确',
      '第 4 行：缺少账号',
      '第 5 行：账号「haoren.import」与第 2 行重复',
      '第 6 行：邮箱「not-an-email」格式不正确',
      '第 6 行：角色「董事长」不存在',
      '第 7 行：上级「nobody」不存在',
      '第 8 行：部门路径须从「华晟控股集团」开始',
    ])
      expect(run.err).toContain(line);
    expect(await userCount()).toBe(before);
    expect(
      await inDatabase(async (db) => (await db.select().from(users).where(eq(users.username, 'haoren.import'))).length),
    ).toBe(0);
  });

  it('refuses a file without the required columns', async () => {
    const target = path.join(dir, 'columns.csv');
    await fs.writeFile(target, '姓名,账号\n张三,zhangsan\n');
    const run = await runImport(env, target);
    expect([run.code, run.err.trim()]).toEqual([
      1,
      expect.stringContaining('第 1 行：缺少列：部门路径、手机、邮箱、岗位'),
    ]);
  });

  it.runIf(driver === 'pglite')(
    'refuses, in Chinese, while the embedded database is open in a running server',
    async () => {
      const held = await openServerDatabase(env);
      try {
        const run = await runImport(env, await file('first.csv', first));
        expect(run.code).toBe(2);
        expect(run.err).toContain('正被运行中的服务器使用');
        expect(run.err).toContain('请先停止服务器再导入');
      } finally {
        await held.close();
      }
    },
  );
});
