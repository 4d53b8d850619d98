import { useRouterState } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useNarrowWindow } from '@/components/split-view';
import { roomDayOptions } from '@/features/meeting/api/get-meetings';
import { AddMeetingPage, type BookingSlot } from '@/features/meeting/components/add-meeting-page';
import { RoomDayBookings } from '@/features/meeting/components/day-timeline';
import { usesTabletShell } from '../api/tablet';
import { PadSection } from './pad-layout';
import './pad-booking.css';
import '@/features/meeting/components/meeting.css';

type Props = { id?: string; roomId?: string; date?: string; rebook?: string };

/**
 * The body of /meeting/addMeeting: the phone's form, or on a tablet at least 700 px wide the form beside the chosen
 * room's day, which follows the form's date and room as they change (one column, as on a phone, below 700 px).
 */
export function AddMeetingScreen(props: Props) {
  const tablet = useRouterState({ select: (s) => usesTabletShell(s.location.pathname) });
  const narrow = useNarrowWindow();
  if (!tablet) return <AddMeetingPage {...props} />;
  return (
    <PadSection>
      <AddMeetingPage
        {...props}
        layout={(form, slot) =>
          narrow ? (
            form
          ) : (
            <div className="pad-booking">
              <div className="pad-booking-form">{form}</div>
              <RoomDay slot={slot} />
            </div>
          )
        }
      />
    </PadSection>
  );
}

/** The chosen room's bookings on the chosen day; the form asks the same query for its room choices, so it is shared. */
function RoomDay({ slot }: { slot: BookingSlot }) {
  const rooms = useQuery(roomDayOptions(slot.date));
  const room = slot.roomId ? rooms.data?.find((r) => r.id === slot.roomId) : undefined;
  return (
    <section className="pad-booking-day meeting-card" aria-label="会议室当日占用">
      {room ? (
        <>
          <h3 className="meeting-card-title">{`${room.buildingName} · ${room.name} ${slot.date} 预订情况`}</h3>
          <RoomDayBookings room={room} date={slot.date} />
        </>
      ) : (
        <p className="meeting-muted">
          {slot.roomId && rooms.isPending ? '加载中...' : '选择会议室后，这里显示它当日的预订情况'}
        </p>
      )}
    </section>
  );
}
