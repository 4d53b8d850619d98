import type { SaveModelBody } from '@contract/custom-schemas';
import { JOINUS_MODEL } from '@contract/custom';

const plate = { pattern: '[\\u4e00-\\u9fa5][A-Z][A-Z0-9]{5,6}', patternMessage: '车牌号格式不正确，例如：京A12345' };

/** The demo business models: 车辆管理 and 合同台账 (menu group 行政管理), and 招聘报名 (HR only, filled by /joinus). */
export const demoModels: SaveModelBody[] = [
  {
    code: 'vehicle',
    name: '车辆管理',
    groupName: '行政管理',
    icon: 'car',
    description: '公司车辆台账：车牌、类型、保管人与状态',
    fields: [
      { key: 'plateNo', label: '车牌号', type: 'text', required: true, max: 10, ...plate },
      { key: 'brand', label: '品牌型号', type: 'text', required: true, max: 40 },
      { key: 'vehicleType', label: '车辆类型', type: 'dictionary', dict: 'vehicle_type', required: true },
      { key: 'seats', label: '座位数', type: 'number', min: 1, max: 60 },
      { key: 'purchaseDate', label: '购置日期', type: 'date' },
      { key: 'price', label: '购置价格', type: 'money', min: 0 },
      { key: 'keeper', label: '保管人', type: 'user' },
      { key: 'status', label: '车辆状态', type: 'dictionary', dict: 'vehicle_status', required: true },
      { key: 'photos', label: '车辆照片', type: 'attachment' },
    ],
    listColumns: ['plateNo', 'brand', 'vehicleType', 'status'],
    searchFields: ['plateNo', 'brand'],
    filterFields: ['vehicleType', 'status'],
    access: { read: ['*'], create: ['admin', 'dept_manager'], edit: ['admin', 'dept_manager'], delete: ['admin'] },
    sort: 1,
  },
  {
    code: 'contract',
    name: '合同台账',
    groupName: '行政管理',
    icon: 'contract',
    description: '合同登记：编号、相对方、金额与签订日期；经办人只看自己的合同，部门经理看本部门的合同',
    fields: [
      { key: 'contractNo', label: '合同编号', type: 'text', required: true, max: 30, pattern: 'HT-\\d{4}-\\d{3,6}', patternMessage: '合同编号格式为 HT-年份-序号，例如：HT-2026-001' },
      { key: 'name', label: '合同名称', type: 'text', required: true, min: 2, max: 60 },
      { key: 'partyB', label: '合同相对方', type: 'text', required: true, max: 60 },
      { key: 'category', label: '合同类别', type: 'dictionary', dict: 'contract_category', required: true },
      { key: 'amount', label: '合同金额', type: 'money', required: true, min: 0, max: 100000000 },
      { key: 'signDate', label: '签订日期', type: 'date', required: true },
      { key: 'handler', label: '经办人', type: 'user' },
      { key: 'scan', label: '合同扫描件', type: 'attachment' },
      { key: 'remark', label: '备注', type: 'textarea', max: 500 },
    ],
    listColumns: ['name', 'contractNo', 'partyB', 'amount'],
    searchFields: ['contractNo', 'name', 'partyB'],
    filterFields: ['category'],
    // a department head reads the contracts of their own department only, never another department's or company's
    access: { read: ['admin', { role: 'dept_manager', scope: 'dept' }, 'owner'], create: ['*'], edit: ['admin', 'owner'], delete: ['admin', 'owner'] },
    sort: 2,
  },
  {
    code: JOINUS_MODEL,
    name: '招聘报名',
    groupName: '人力资源',
    icon: 'joinus',
    description: '招聘页面提交的报名，仅人事专员可见',
    fields: [
      { key: 'name', label: '姓名', type: 'text', required: true, max: 20 },
      { key: 'gender', label: '性别', type: 'dictionary', dict: 'sys_user_sex', required: true },
      { key: 'phone', label: '手机号码', type: 'text', required: true, max: 11, pattern: '1[3-9]\\d{9}', patternMessage: '手机号码格式不正确' },
      { key: 'email', label: '电子邮箱', type: 'text', required: true, max: 100, pattern: '[^@\\s]+@[^@\\s]+\\.[^@\\s]+', patternMessage: '电子邮箱格式不正确' },
      { key: 'position', label: '应聘岗位', type: 'dictionary', dict: 'joinus_position', required: true },
      { key: 'education', label: '学历', type: 'dictionary', dict: 'education', required: true },
      { key: 'resume', label: '简历', type: 'attachment', required: true },
    ],
    listColumns: ['name', 'position', 'education', 'phone'],
    searchFields: ['name', 'phone', 'email'],
    filterFields: ['position', 'education'],
    access: { read: ['hr_specialist'], create: [], edit: [], delete: ['hr_specialist'] },
    sort: 10,
  },
];

/** Demo records: [model code, creator username, values]. */
export const demoRecords: [string, string, Record<string, unknown>][] = [
  ['vehicle', 'lisi', { plateNo: '京A12345', brand: '大众帕萨特', vehicleType: 'sedan', seats: 5, purchaseDate: '2022-03-15', price: 215000, status: 'idle' }],
  ['vehicle', 'lisi', { plateNo: '京B66881', brand: '别克GL8', vehicleType: 'mpv', seats: 7, purchaseDate: '2023-06-01', price: 328000, status: 'inuse' }],
  ['vehicle', 'wuhao', { plateNo: '京C90210', brand: '丰田汉兰达', vehicleType: 'suv', seats: 7, purchaseDate: '2021-11-20', price: 289000, status: 'repair' }],
  ['vehicle', 'admin', { plateNo: '京D31415', brand: '福田奥铃', vehicleType: 'truck', seats: 3, purchaseDate: '2019-08-08', price: 126000, status: 'scrapped' }],
  ['contract', 'zhangsan', { contractNo: 'HT-2026-001', name: '办公用品年度采购合同', partyB: '北京文华办公用品有限公司', category: 'purchase', amount: 86000, signDate: '2026-01-10', remark: '按季度结算' }],
  ['contract', 'zhangsan', { contractNo: 'HT-2026-007', name: '办公楼物业服务合同', partyB: '华远物业管理有限公司', category: 'service', amount: 360000, signDate: '2026-02-28' }],
  ['contract', 'yangfan', { contractNo: 'HT-2026-012', name: '数据中心机柜租赁合同', partyB: '云栖数据科技有限公司', category: 'lease', amount: 540000.5, signDate: '2026-03-18' }],
  ['contract', 'lisi', { contractNo: 'HT-2026-020', name: '协同办公系统实施合同', partyB: '华晟软件有限公司', category: 'sales', amount: 1280000, signDate: '2026-05-06' }],
  [JOINUS_MODEL, 'admin', { name: '周晓', gender: 'female', phone: '13912345678', email: 'zhouxiao@example.com', position: 'frontend', education: 'bachelor' }],
  [JOINUS_MODEL, 'admin', { name: '钱程', gender: 'male', phone: '13698765432', email: 'qiancheng@example.com', position: 'pm', education: 'master' }],
];
