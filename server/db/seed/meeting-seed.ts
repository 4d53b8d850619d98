import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema';
import { demoId } from './demo-ids';
import { OFFICE_ROLE, requestRoomApproval } from '../../modules/meeting/room-approval';

/*
 * Demo 会议 and 日程: two buildings of rooms, and meetings around the seeding moment in every state (one going on,
 * invitations still to answer, accepted ones, a cancelled one, past ones with minutes), plus a few events and a
 * weekly series, so each screen shows something on a fresh start.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const user = (name: string) => demoId(`user:${name}`);

const rooms: [
  building: string,
  name: string,
  floor: string,
  capacity: number,
  equipment: string[],
  needsApproval: boolean,
  available: boolean,
][] = [
  ['行政楼', '第一会议室', '3楼', 20, ['projector', 'whiteboard', 'microphone'], false, true],
  ['行政楼', '第二会议室', '3楼', 12, ['screen', 'whiteboard'], false, true],
  ['行政楼', '多功能厅', '1楼', 120, ['projector', 'screen', 'microphone', 'video'], true, true],
  ['研发楼', '创新室', '5楼', 8, ['screen', 'video'], false, true],
  ['研发楼', '洽谈室', '2楼', 6, ['whiteboard'], false, true],
  ['研发楼', '培训教室', '6楼', 40, ['projector', 'microphone'], false, false],
];

/** Whole Shanghai hours from the seeding moment's hour (keeps the times tidy on screen). */
function at(now: number, dayOffset: number, hour: number): Date {
  const shanghaiMidnight = Math.floor((now + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
  return new Date(shanghaiMidnight + dayOffset * DAY + hour * HOUR);
}

export async function seedMeetings(tx: Db, now = Date.now()): Promise<void> {
  const buildings = [...new Set(rooms.map((r) => r[0]))];
  await tx
    .insert(t.meetingBuildings)
    .values(buildings.map((name, sort) => ({ id: demoId(`building:${name}`), name, sort })));
  await tx.insert(t.meetingRooms).values(
    rooms.map(([building, name, floor, capacity, equipment, needsApproval, available], sort) => ({
      id: demoId(`room:${name}`),
      buildingId: demoId(`building:${building}`),
      name,
      floor,
      capacity,
      equipment: equipment as (typeof t.meetingRooms.$inferInsert)['equipment'],
      needsApproval,
      available,
      sort,
    })),
  );
  const thisHour = new Date(Math.floor(now / HOUR) * HOUR);
  const meetings: {
    key: string;
    subject: string;
    room: string | null;
    start: Date;
    end: Date;
    organizer: string;
    invitees: [string, string][];
    status?: string;
    minutes?: string;
  }[] = [
    {
      key: 'ongoing',
      subject: '数字化转型项目周例会',
      room: '第一会议室',
      start: thisHour,
      end: new Date(thisHour.getTime() + 2 * HOUR),
      organizer: 'lisi',
      invitees: [
        ['zhangsan', 'accepted'],
        ['wangwu', 'accepted'],
        ['zhaoliu', 'pending'],
      ],
    },
    {
      key: 'tomorrow',
      subject: '季度预算评审会',
      room: '第二会议室',
      start: at(now, 1, 10),
      end: at(now, 1, 11.5),
      organizer: 'yangfan',
      invitees: [
        ['zhangsan', 'pending'],
        ['lisi', 'accepted'],
        ['gaoyan', 'accepted'],
      ],
    },
    {
      key: 'training',
      subject: '新员工入职培训',
      room: '多功能厅',
      start: at(now, 2, 14),
      end: at(now, 2, 17),
      organizer: 'huangmin',
      invitees: [
        ['zhangsan', 'pending'],
        ['zhoujie', 'pending'],
        ['hanxu', 'accepted'],
      ],
    },
    {
      key: 'online',
      subject: '前端架构线上评审',
      room: null,
      start: at(now, 3, 15),
      end: at(now, 3, 16),
      organizer: 'zhangsan',
      invitees: [
        ['luoyi', 'accepted'],
        ['xiemengqi', 'declined'],
        ['tangning', 'pending'],
      ],
    },
    {
      key: 'cancelled',
      subject: '办公用品采购沟通会',
      room: null,
      start: at(now, 4, 9),
      end: at(now, 4, 10),
      organizer: 'lisi',
      invitees: [['zhangsan', 'accepted']],
      status: 'cancelled',
    },
    {
      key: 'past',
      subject: '月度工作总结会',
      room: '第一会议室',
      start: at(now, -3, 9),
      end: at(now, -3, 11),
      organizer: 'lisi',
      invitees: [
        ['zhangsan', 'accepted'],
        ['zhaoliu', 'accepted'],
      ],
      minutes: '一、各部门汇报本月工作完成情况；\n二、下月重点：推进移动办公上线。',
    },
    {
      key: 'past2',
      subject: '安全生产专题会',
      room: '洽谈室',
      start: at(now, -7, 14),
      end: at(now, -7, 15),
      organizer: 'chenjianguo',
      invitees: [
        ['zhangsan', 'accepted'],
        ['lisi', 'accepted'],
      ],
    },
  ];
  for (const m of meetings) {
    const id = demoId(`meeting:${m.key}`);
    const roomId = m.room ? demoId(`room:${m.room}`) : null;
    await tx.insert(t.meetings).values({
      id,
      subject: m.subject,
      agenda: `${m.subject}议程：\n1. 情况通报\n2. 讨论\n3. 形成决议`,
      roomId,
      onlineLink: roomId ? null : 'https://meeting.example.com/j/8086',
      startAt: m.start,
      endAt: m.end,
      organizerId: user(m.organizer),
      hostDeptId: demoId('org:admin-office'),
      status: m.status ?? 'scheduled',
      minutes: m.minutes ?? null,
      signInSecret: randomBytes(32).toString('base64url'),
    });
    const signedIn = m.key === 'ongoing' ? { signedInAt: thisHour } : {};
    await tx.insert(t.meetingInvitees).values(
      m.invitees.map(([name, response]) => ({
        meetingId: id,
        userId: user(name),
        response,
        ...(response === 'accepted' && name === 'wangwu' ? signedIn : {}),
      })),
    );
    if (roomId && m.status !== 'cancelled')
      await tx.insert(t.roomBookings).values({ roomId, meetingId: id, startAt: m.start, endAt: m.end });
  }
  await seedRoomApproval(tx, now);
  await seedEvents(tx, now);
}

/** 行政 (孙琪) approves rooms without a manager; 张三's booking of the 多功能厅 waits in her 待办. */
async function seedRoomApproval(tx: Db, now: number): Promise<void> {
  await tx.insert(t.roles).values({ id: demoId(`role:${OFFICE_ROLE}`), code: OFFICE_ROLE, name: '行政' });
  await tx.insert(t.userRoles).values({ userId: user('sunqi'), roleId: demoId(`role:${OFFICE_ROLE}`) });
  const id = demoId('meeting:awaiting-approval');
  const values = { subject: '年终总结大会彩排', startAt: at(now, 6, 14), endAt: at(now, 6, 16) };
  const roomId = demoId('room:多功能厅');
  await tx.insert(t.meetings).values({
    id,
    ...values,
    agenda: '彩排流程与节目顺序',
    roomId,
    organizerId: user('zhangsan'),
    hostDeptId: demoId('org:admin-office'),
    signInSecret: randomBytes(32).toString('base64url'),
  });
  await tx.insert(t.meetingInvitees).values([
    { meetingId: id, userId: user('zhaoliu') },
    { meetingId: id, userId: user('lisi') },
  ]);
  await tx.insert(t.roomBookings).values({ roomId, meetingId: id, ...values });
  const [room] = await tx.select().from(t.meetingRooms).where(eq(t.meetingRooms.id, roomId));
  await requestRoomApproval(tx, user('zhangsan'), { id, ...values }, room!);
}

async function seedEvents(tx: Db, now: number): Promise<void> {
  const events = [
    {
      key: 'visit',
      owner: 'zhangsan',
      title: '拜访客户',
      start: at(now, 0, 15),
      end: at(now, 0, 16.5),
      location: '客户公司',
      color: '#07c160',
    },
    {
      key: 'report',
      owner: 'zhangsan',
      title: '提交周报',
      start: at(now, 1, 17),
      end: at(now, 1, 17.5),
      location: '',
      color: '#1989fa',
    },
    {
      key: 'holiday',
      owner: 'zhangsan',
      title: '年假',
      start: at(now, 5, 0),
      end: at(now, 7, 0),
      location: '',
      color: '#ee0a24',
      allDay: true,
    },
    {
      key: 'lisi-plan',
      owner: 'lisi',
      title: '部门计划讨论',
      start: at(now, 1, 9),
      end: at(now, 1, 10),
      location: '综合管理部',
      color: '#1989fa',
    },
  ];
  await tx.insert(t.scheduleEvents).values(
    events.map((e) => ({
      id: demoId(`event:${e.key}`),
      ownerId: user(e.owner),
      title: e.title,
      startAt: e.start,
      endAt: e.end,
      allDay: e.allDay ?? false,
      location: e.location,
      color: e.color,
      lastEndAt: e.end,
    })),
  );
  // a weekly stand-up on weekdays, open-ended
  await tx.insert(t.scheduleEvents).values({
    id: demoId('event:standup'),
    ownerId: user('zhangsan'),
    title: '晨会',
    startAt: at(now, -14, 9),
    endAt: at(now, -14, 9.25),
    location: '工位区',
    color: '#ff976a',
    rule: { freq: 'weekly', interval: 1, byDay: [1, 2, 3, 4, 5], monthEnd: 'clamp' },
    lastEndAt: null,
  });
}
