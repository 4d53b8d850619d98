import type { SiteConfig } from '@contract/upms';

/** Demo dictionaries: code → [name, [label, value, cssClass?][]]. */
export const demoDicts: Record<string, [string, [string, string, string?][]]> = {
  leave_type: [
    '请假类型',
    [
      ['事假', '1'],
      ['病假', '2'],
      ['年假', '3'],
      ['调休', '4'],
      ['婚假', '5'],
      ['产假', '6'],
      ['丧假', '7'],
    ],
  ],
  expense_type: [
    '报销类型',
    [
      ['差旅费', 'travel'],
      ['交通费', 'traffic'],
      ['餐费', 'meal'],
      ['办公用品', 'office'],
      ['通讯费', 'phone'],
      ['培训费', 'training'],
    ],
  ],
  sys_yes_no: [
    '是否',
    [
      ['是', 'Y', 'primary'],
      ['否', 'N', 'danger'],
    ],
  ],
  urgency: [
    '紧急程度',
    [
      ['普通', '1', 'default'],
      ['紧急', '2', 'warning'],
      ['特急', '3', 'danger'],
    ],
  ],
  sys_user_sex: [
    '用户性别',
    [
      ['男', 'male'],
      ['女', 'female'],
    ],
  ],
  meeting_type: [
    '会议类型',
    [
      ['例会', 'regular'],
      ['专题会', 'topic'],
      ['培训会', 'training'],
      ['视频会议', 'video'],
    ],
  ],
  news_channel: [
    '资讯栏目',
    [
      ['集团要闻', 'headline'],
      ['通知公告', 'notice'],
      ['党建工作', 'party'],
      ['员工风采', 'staff'],
    ],
  ],
  vehicle_type: [
    '车辆类型',
    [
      ['轿车', 'sedan'],
      ['商务车', 'mpv'],
      ['越野车', 'suv'],
      ['货车', 'truck'],
    ],
  ],
  vehicle_status: [
    '车辆状态',
    [
      ['空闲', 'idle', 'success'],
      ['使用中', 'inuse', 'primary'],
      ['维修中', 'repair', 'warning'],
      ['已报废', 'scrapped', 'default'],
    ],
  ],
  contract_category: [
    '合同类别',
    [
      ['采购合同', 'purchase'],
      ['销售合同', 'sales'],
      ['服务合同', 'service'],
      ['租赁合同', 'lease'],
    ],
  ],
  joinus_position: [
    '招聘岗位',
    [
      ['前端开发工程师', 'frontend'],
      ['后端开发工程师', 'backend'],
      ['产品经理', 'pm'],
      ['财务专员', 'finance'],
      ['行政专员', 'admin'],
    ],
  ],
  education: [
    '学历',
    [
      ['高中及以下', 'highschool'],
      ['大专', 'college'],
      ['本科', 'bachelor'],
      ['硕士', 'master'],
      ['博士', 'doctor'],
    ],
  ],
};

/** The site config row (contract SiteConfig); upload.maxSizeMb is replaced by UPLOAD_MAX_MB when served. */
export const demoSiteConfig: SiteConfig = {
  webName: '协同办公系统',
  tenantId: '000000',
  tipConfig: { mobileTip: 'app,sms,email,Wechat,DingTalk' },
  upload: { maxSizeMb: 50, accept: 'image/*,application/pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.zip' },
  watermark: true,
};
