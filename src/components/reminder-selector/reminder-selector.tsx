import { useEffect, useRef } from 'react';
import { reminderChannels, type ReminderChannel } from '@contract/upms';
import { mobileTipChannels, useSiteConfig } from '@/api/site-config';
import './reminder-selector.css';

interface ReminderSelectorProps {
  value?: string[];
  onChange: (channels: string[]) => void;
  /** the channels to offer; by default the site's tipConfig.mobileTip */
  channels?: string[];
}

const labelOf = (channel: string) => reminderChannels[channel as ReminderChannel] ?? channel;

/** Spec §3/§5: the site's reminder channels; an empty value on first show selects them all. */
export function ReminderSelector({ value, onChange, channels }: ReminderSelectorProps) {
  const siteConfig = useSiteConfig();
  const offered = channels ?? mobileTipChannels(siteConfig);
  const defaulted = useRef(false);

  useEffect(() => {
    if (defaulted.current || offered.length === 0) return;
    defaulted.current = true;
    if (!value || value.length === 0) onChange([...offered]);
  }, [offered, value, onChange]);

  const selected = new Set(value ?? []);
  const toggle = (channel: string) => {
    const next = selected.has(channel) ? offered.filter((c) => c !== channel && selected.has(c)) : offered.filter((c) => c === channel || selected.has(c));
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
