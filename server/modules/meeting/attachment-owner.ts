import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { meetings } from '../../db/schema';
import type { AttachmentOwner } from '../files/attachment-owners';
import type { Principal } from '../session/service';
import { loadMeeting } from './meeting-facts';
import { viewRefusal } from './policy';

/** 会议材料 are read by exactly those who may open the meeting: its organiser and invitees (and admins). */
export const meetingAttachmentOwner: AttachmentOwner = {
  async recordsAttaching(db: Db, fileId: string) {
    const rows = await db
      .select({ id: meetings.id })
      .from(meetings)
      .where(sql`${meetings.materialFileIds} @> array[${fileId}]::uuid[]`);
    return rows.map((r) => r.id);
  },
  async mayRead(db: Db, user: Principal, meetingId: string) {
    const { facts } = await loadMeeting(db, meetingId, user.id);
    return !viewRefusal(user, facts);
  },
};
