/** The Chinese names of the built-in role codes (the seed's demoRoles); the UI never shows a role code. */
export const ROLE_TEXT: Record<string, string> = {
  admin: '系统管理员',
  staff: '普通员工',
  dept_manager: '部门经理',
  news_editor: '资讯编辑',
  hr_specialist: '人事专员',
};

/** A role's name for people: a role added later without a label here still must not show its code. */
export function roleText(code: string): string {
  return ROLE_TEXT[code] ?? (/[\u4e00-\u9fff]/.test(code) ? code : '其他角色');
}
