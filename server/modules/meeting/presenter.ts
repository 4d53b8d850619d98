import type {
  InviteeResponse,
  MeetingDetail,
  MeetingListRow,
  MeetingMaterial,
  MeetingParticipant,
} from '@contract/meeting';
import type { Principal } from '../session/service';
import { meetingStatus } from './meeting-status';
import type { MeetingRow } from './meeting-facts';
import type { MeetingFacts } from './policy';
import { editRefusal, manageRefusal, minutesRefusal, respondRefusal, signInDeskRefusal } from './policy';

export interface ListRecord {
  id: string;
  subject: string;
  startAt: Date;
  endAt: Date;
  status: string;
  roomName: string | null;
  onlineLink: string | null;
  organizerId: string;
  organizerName: string;
  myResponse: string | null;
}

export function presentListRow(r: ListRecord, userId: string, now: number): MeetingListRow {
  return {
    id: r.id,
    subject: r.subject,
    startAt: r.startAt.toISOString(),
    endAt: r.endAt.toISOString(),
    roomName: r.roomName,
    onlineLink: r.onlineLink,
    organizerName: r.organizerName,
    status: meetingStatus(
      { cancelled: r.status === 'cancelled', stored: r.status, startAt: r.startAt.getTime(), endAt: r.endAt.getTime() },
      now,
    ),
    myResponse: (r.myResponse as InviteeResponse | null) ?? null,
    organizer: r.organizerId === userId,
  };
}

/** The detail page: the row, the participants with their answers and sign-in, materials, and what the caller may do. */
export function presentDetail(parts: {
  meeting: MeetingRow;
  user: Principal;
  facts: MeetingFacts;
  roomName: string | null;
  organizerName: string;
  hostDeptName: string | null;
  participants: MeetingParticipant[];
  materials: MeetingMaterial[];
  now: number;
  signInOpen: boolean;
}): MeetingDetail {
  const { meeting: m, user, facts, now } = parts;
  const row = presentListRow(
    {
      ...m,
      roomName: parts.roomName,
      organizerName: parts.organizerName,
      myResponse: facts.invitation?.response ?? null,
    },
    user.id,
    now,
  );
  return {
    ...row,
    agenda: m.agenda,
    roomId: m.roomId,
    hostDeptId: m.hostDeptId,
    hostDeptName: parts.hostDeptName,
    organizerId: m.organizerId,
    participants: parts.participants,
    materials: parts.materials,
    minutes: m.minutes,
    channels: m.channels,
    // only the organiser follows the approval (invitees cannot open the flow instance)
    approvalInstanceId: m.organizerId === user.id ? m.approvalInstanceId : null,
    abilities: {
      edit: !editRefusal(user, facts, now),
      cancel: !manageRefusal(user, facts, now),
      respond: !respondRefusal(user, facts, now),
      minutes: !minutesRefusal(user, facts, now),
      signInQr: !signInDeskRefusal(user, facts) && parts.signInOpen,
      signIn: Boolean(facts.invitation) && !facts.invitation?.signedIn && !facts.cancelled && parts.signInOpen,
    },
    version: m.version,
  };
}
