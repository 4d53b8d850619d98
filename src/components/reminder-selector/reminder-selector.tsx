import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { reminderChannels, type ReminderChannel } from '@contract/upms';
import { preferencesQueryOptions } from '@/api/preferences';
import { mobileTipChannels, useSiteConfig } from '@/api/site-config';
import './reminder-selector.css';

interface ReminderSelectorProps {
  value?: string[];
  onChange: (channels: string[]) => void;
  /** the channels to offer; by default the site's tipConfig.mobileTip */
  channels?: string[];
}

const labelOf = (channel: string) => reminderChannels[channel as ReminderChannel] ?? channel;

/**
 * What an empty selector starts with: the channels the user chose in 我的 → 提醒方式 (those this site offers; an
 * explicit none stays none), or spec §5's every configured channel for a user who never chose.
 */
export function defaultReminderChannels(offered: string[], chosen: readonly string[] | null | undefined): string[] {
  return chosen ? offered.filter((c) => chosen.includes(c)) : [...offered];
}

/** Spec §3/§5: the site's reminder channels; an empty value on first show selects the user's default channels. */
export function ReminderSelector({ value, onChange, channels }: ReminderSelectorProps) {
  const siteConfig = useSiteConfig();
  const offered = channels ?? mobileTipChannels(siteConfig);
  const preferences = useQuery(preferencesQueryOptions());
  // wait while the user's choice is being fetched (also over a copy restored from the device, which may predate a
  // change); without an answer (offline, never cached) §5 applies
  const known = preferences.fetchStatus !== 'fetching';
  const chosen = preferences.data?.reminderChannels;
  const defaulted = useRef(false);

  useEffect(() => {
    if (defaulted.current || offered.length === 0 || !known) return;
    defaulted.current = true;
    if (!value || value.length === 0) onChange(defaultReminderChannels(offered, chosen));
  }, [offered, value, onChange, known, chosen]);

  const selected = new Set(value ?? []);
  const toggle = (channel: string) => {
    const next = selected.has(channel)
      ? offered.filter((c) => c !== channel && selected.has(c))
      : offered.filter((c) => c === channel || selected.has(c));
    onChange(next);
  };

  return (
    <fieldset className="reminder-selector">
      <legend className="reminder-selector-legend">提醒方式</legend>
      {offered.map((channel) => (
        <label key={channel} className={selected.has(channel) ? 'reminder-chip reminder-chip-on' : 'reminder-chip'}>
          <input type="checkbox" checked={selected.has(channel)} onChange={() => toggle(channel)} />
          {labelOf(channel)}
        </label>
      ))}
    </fieldset>
  );
}
