// Checks every row of an organisation file against the file itself and the database, before anything is written.
import type { SourceRow, SourceTable } from './org-import-read';

export const REQUIRED_COLUMNS = ['部门路径', '姓名', '账号', '手机', '邮箱', '岗位'] as const;

/** A row that passed every check, in the words of the database. */
export interface PersonRow {
  line: number;
  /** department names from the root, e.g. ['华晟控股集团', '华晟科技', '研发部'] */
  path: string[];
  realName: string;
  username: string;
  mobile: string | null;
  email: string | null;
  post: string | null;
  roleIds: string[];
  superior: string | null;
}

export interface RowError {
  line: number;
  reason: string;
}

/** What the checks need to know of the database. */
export interface KnownState {
  rootNames: string[];
  roles: { id: string; code: string; name: string }[];
  /** department path (names joined by '/') of each existing user the file mentions, by user name */
  userPaths: Map<string, string[]>;
}

const USERNAME = /^[A-Za-z0-9_.@-]{2,64}$/;
const MOBILE = /^1[3-9]\d{9}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every user name the file names (as 账号 or 上级): the existing ones are looked up before checking. */
export function namesIn(table: SourceTable): string[] {
  return [...new Set(table.rows.flatMap((r) => [r.cells['账号'], r.cells['上级']]).filter((n): n is string => !!n))];
}

function checkRow(row: SourceRow, known: KnownState, errors: RowError[]): PersonRow | null {
  const c = row.cells;
  const fail = (reason: string) => errors.push({ line: row.line, reason });
  const before = errors.length;
  const path = (c['部门路径'] ?? '').split('/').map((s) => s.trim());
  if (!c['部门路径']) fail('缺少部门路径');
  else if (path.some((s) => !s)) fail('部门路径格式不正确，例如 华晟控股集团/华晟科技/研发部');
  else if (path.some((s) => s.length > 50)) fail('部门名称不能超过50个字');
  else if (known.rootNames.length && !known.rootNames.includes(path[0]!))
    fail(`部门路径须从「${known.rootNames.join('」或「')}」开始`);
  const realName = c['姓名'] ?? '';
  if (!realName) fail('缺少姓名');
  else if (realName.length > 50) fail('姓名不能超过50个字');
  const username = c['账号'] ?? '';
  if (!username) fail('缺少账号');
  else if (!USERNAME.test(username)) fail('账号只能由2-64位字母、数字、下划线、点、@ 或 - 组成');
  const mobile = c['手机'] || null;
  if (mobile && !MOBILE.test(mobile)) fail(`手机号码「${mobile}」格式不正确`);
  const email = c['邮箱'] || null;
  if (email && (!EMAIL.test(email) || email.length > 100)) fail(`邮箱「${email}」格式不正确`);
  const post = c['岗位'] || null;
  if (post && post.length > 50) fail('岗位名称不能超过50个字');
  const roleIds: string[] = [];
  for (const name of (c['角色'] ?? '').split(/[,，、;；\s]+/).filter(Boolean)) {
    const role = known.roles.find((r) => r.name === name || r.code === name);
    if (role) roleIds.push(role.id);
    else fail(`角色「${name}」不存在`);
  }
  const superior = c['上级'] || null;
  if (superior && superior === username) fail('上级不能是本人');
  if (errors.length > before) return null;
  return { line: row.line, path, realName, username, mobile, email, post, roleIds, superior };
}

const isWithin = (inner: string[], outer: string[]) =>
  outer.length <= inner.length && outer.every((s, i) => inner[i] === s);

/**
 * Checks the header and every row; returns the rows ready to import, or every problem with its line number and a
 * Chinese reason. Across rows: a user name twice, a 上级 who does not exist or sits outside the person's department
 * and the ones above it, and two different heads named for one department.
 */
export function checkTable(table: SourceTable, known: KnownState): { people: PersonRow[]; errors: RowError[] } {
  const missing = REQUIRED_COLUMNS.filter((title) => !table.columns.includes(title));
  if (missing.length) return { people: [], errors: [{ line: 1, reason: `缺少列：${missing.join('、')}` }] };
  if (!table.rows.length) return { people: [], errors: [{ line: 2, reason: '文件中没有人员数据' }] };
  const errors: RowError[] = [];
  const people: PersonRow[] = [];
  const firstLine = new Map<string, number>();
  for (const row of table.rows) {
    const person = checkRow(row, known, errors);
    const username = row.cells['账号'];
    if (username && firstLine.has(username)) {
      errors.push({ line: row.line, reason: `账号「${username}」与第 ${firstLine.get(username)} 行重复` });
      continue;
    }
    if (username) firstLine.set(username, row.line);
    if (person) people.push(person);
  }
  const pathOf = (username: string) =>
    people.find((p) => p.username === username)?.path ?? known.userPaths.get(username);
  const heads = new Map<string, { head: string; line: number }>();
  for (const person of people) {
    if (!person.superior) continue;
    const superiorPath = pathOf(person.superior);
    if (!superiorPath) {
      errors.push({ line: person.line, reason: `上级「${person.superior}」不存在` });
      continue;
    }
    if (!isWithin(person.path, superiorPath)) {
      errors.push({ line: person.line, reason: `上级「${person.superior}」不在本部门或上级部门` });
      continue;
    }
    // 上级 heads the department they sit in: the approval chain asks each department's head (flow/assignees.ts)
    const department = superiorPath.join('/');
    const earlier = heads.get(department);
    if (earlier && earlier.head !== person.superior) {
      errors.push({
        line: person.line,
        reason: `「${department}」的负责人与第 ${earlier.line} 行不一致（${earlier.head} / ${person.superior}）`,
      });
    } else if (!earlier) heads.set(department, { head: person.superior, line: person.line });
  }
  errors.sort((a, b) => a.line - b.line);
  return { people: errors.length ? [] : people, errors };
}
