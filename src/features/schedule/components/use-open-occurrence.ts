import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ScheduleOccurrence } from '@contract/schedule';
import { eventOptions } from '../api/get-schedule';
import type { EventTarget } from './event-form';

/** Tapping an occurrence: a meeting opens its page, an event opens its detail (loaded, or from the offline cache). */
export function useOpenOccurrence() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<EventTarget | null>(null);
  const open = async (o: ScheduleOccurrence) => {
    if (o.source === 'meeting') return void navigate({ to: '/meeting/info', search: { id: o.eventId } });
    const event = await queryClient.fetchQuery(eventOptions(o.eventId)).catch(() => null);
    if (event) setTarget({ event, occurrence: o, day: o.startAt.slice(0, 10) });
  };
  return { target, setTarget, open };
}
