// `npm run org:import -- [--dry-run] <file.csv|file.xlsx>`: brings a company's departments and staff in, in one
// transaction on the server's database (DATABASE_URL, or the embedded one under DATA_DIR: stop the server first).
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { importPeople, loadKnownState, type ImportReport } from './org-import-apply';
import { checkTable, namesIn, type RowError } from './org-import-check';
import { readSourceFile } from './org-import-read';

const USAGE = '用法：npm run org:import -- [--dry-run] [--passwords <初始密码文件.csv>] <文件.csv|文件.xlsx>';

class Refused extends Error {
  constructor(readonly errors: RowError[]) {
    super('导入失败');
  }
}
class DryRun extends Error {
  constructor(readonly report: ImportReport) {
    super('试运行');
  }
}

function parseArgs(argv: string[]): { file: string; dryRun: boolean; passwords: string | null } {
  const rest = [...argv];
  const dryRun = rest.includes('--dry-run');
  const at = rest.indexOf('--passwords');
  const passwords = at >= 0 ? (rest.splice(at, 2)[1] ?? null) : null;
  const files = rest.filter((a) => a !== '--dry-run');
  if (files.length !== 1 || files[0]!.startsWith('--') || (at >= 0 && !passwords)) throw new Error(USAGE);
  return { file: files[0]!, dryRun, passwords };
}

async function open(): Promise<Database> {
  const config = loadConfig(process.env);
  try {
    return await openDatabase(config);
  } catch (error) {
    const owner = /is in use by process (\d+|unknown)/.exec((error as Error).message);
    if (owner)
      throw new Error(
        `内置数据库（${config.dataDir}）正被运行中的服务器使用（进程 ${owner[1]}）：请先停止服务器再导入，或设置 DATABASE_URL 使用 PostgreSQL`,
        { cause: error },
      );
    throw error;
  }
}

function print(report: ImportReport, dryRun: boolean): void {
  const section = (title: string, lines: string[]) => {
    console.log(`${title} ${lines.length}${lines.length ? '：' : ''}`);
    for (const line of lines) console.log(`  ${line}`);
  };
  console.log(dryRun ? '试运行（--dry-run），以下变更不会写入：' : '导入完成：');
  section('新建部门', report.createdDepartments);
  section('新建人员', report.created);
  section('更新人员', report.updated);
  section('调动人员', report.moved);
  section('设置部门负责人', report.heads);
  console.log(`未变化 ${report.unchanged}`);
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const table = await readSourceFile(args.file);
  const database = await open();
  try {
    await database.migrate();
    const report = await database.db.transaction(async (tx) => {
      const { people, errors } = checkTable(table, await loadKnownState(tx, namesIn(table)));
      if (errors.length) throw new Refused(errors);
      const done = await importPeople(tx, people);
      // a dry run does everything, then rolls it back: what it reports is exactly what the import would do
      if (args.dryRun) throw new DryRun(done);
      return done;
    });
    print(report, false);
    if (report.initialPasswords.length) {
      const target = args.passwords ?? path.join(path.dirname(args.file), `${path.parse(args.file).name}.初始密码.csv`);
      const lines = ['账号,初始密码', ...report.initialPasswords.map(([name, pw]) => `${name},${pw}`)];
      await fs.writeFile(target, `\ufeff${lines.join('\r\n')}\r\n`, { mode: 0o600 });
      console.log(`新员工的初始密码已写入 ${target}（仅文件所有者可读）；首次登录须先修改密码。`);
    }
    return 0;
  } catch (error) {
    if (error instanceof DryRun) {
      print(error.report, true);
      return 0;
    }
    if (error instanceof Refused) {
      console.error(`导入失败，没有写入任何数据。请修改以下 ${error.errors.length} 处后重新导入：`);
      for (const e of error.errors) console.error(`  第 ${e.line} 行：${e.reason}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      (error as Error).message.startsWith('用法') || /[\u4e00-\u9fa5]/.test((error as Error).message)
        ? (error as Error).message
        : error,
    );
    process.exit(2);
  },
);
