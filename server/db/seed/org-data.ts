/** The demo group company: 3–4 levels, 11 departments. key → parent key. */
export interface DemoOrg {
  key: string;
  name: string;
  type: 'group' | 'company' | 'dept';
  parent: string | null;
}

export const demoOrgs: DemoOrg[] = [
  { key: 'group', name: '华晟控股集团', type: 'group', parent: null },
  { key: 'hq', name: '集团总部', type: 'company', parent: 'group' },
  { key: 'admin-office', name: '综合管理部', type: 'dept', parent: 'hq' },
  { key: 'hr', name: '人力资源部', type: 'dept', parent: 'hq' },
  { key: 'finance', name: '财务部', type: 'dept', parent: 'hq' },
  { key: 'it', name: '信息技术部', type: 'dept', parent: 'hq' },
  { key: 'tech', name: '华晟科技有限公司', type: 'company', parent: 'group' },
  { key: 'rd', name: '研发中心', type: 'dept', parent: 'tech' },
  { key: 'rd-web', name: '前端开发组', type: 'dept', parent: 'rd' },
  { key: 'rd-server', name: '后端开发组', type: 'dept', parent: 'rd' },
  { key: 'marketing', name: '市场部', type: 'dept', parent: 'tech' },
  { key: 'service', name: '客户服务部', type: 'dept', parent: 'tech' },
  { key: 'logistics', name: '华晟物流有限公司', type: 'company', parent: 'group' },
  { key: 'operations', name: '运营部', type: 'dept', parent: 'logistics' },
  { key: 'warehouse', name: '仓储部', type: 'dept', parent: 'logistics' },
];

/** Demo posts (岗位). */
export const demoPosts = [
  { code: 'general_manager', name: '总经理' },
  { code: 'deputy_manager', name: '副总经理' },
  { code: 'dept_manager', name: '部门经理' },
  { code: 'dept_deputy', name: '部门副经理' },
  { code: 'supervisor', name: '主管' },
  { code: 'staff', name: '职员' },
  { code: 'intern', name: '实习生' },
];

const staffPermissions = [
  'flow:task:start',
  'flow:task:approve',
  'news:article:view',
  'mail:mail:send',
  'meeting:meeting:view',
  'meeting:meeting:signin',
  'schedule:schedule:edit',
  'contacts:contacts:view',
  'upms:message:send',
];

/** Demo roles with their permission strings. */
export const demoRoles = [
  { code: 'admin', name: '系统管理员', permissions: ['*:*:*'] },
  { code: 'staff', name: '普通员工', permissions: staffPermissions },
  {
    code: 'dept_manager',
    name: '部门经理',
    permissions: ['flow:task:transfer', 'flow:task:return', 'meeting:room:book', 'meeting:meeting:create'],
  },
  {
    code: 'news_editor',
    name: '资讯编辑',
    permissions: ['news:article:publish', 'news:article:edit', 'news:article:review'],
  },
  { code: 'hr_specialist', name: '人事专员', permissions: ['joinus:apply:view', 'contacts:user:edit'] },
];

/** Custom groups; owner null = public. Members by username. */
export const demoGroups = [
  {
    key: 'project',
    name: '数字化转型项目组',
    owner: null,
    members: ['zhangsan', 'lisi', 'wangwu', 'zhaoliu', 'sunqi', 'zhoujie'],
  },
  {
    key: 'party',
    name: '党支部委员会',
    owner: null,
    members: ['chenjianguo', 'lisi', 'liuyang', 'huangmin', 'yangfan'],
  },
  { key: 'union', name: '工会委员会', owner: null, members: ['huangmin', 'xuli', 'hejing', 'gaoyan'] },
  { key: 'zhangsan-favourites', name: '常用联系人', owner: 'zhangsan', members: ['lisi', 'wangwu', 'zhaoliu'] },
];
