import { useState } from 'react';
import { Button, Picker, Switch } from 'antd-mobile';
import { completeChannelOrder, type EscalationChannel, type MyPreferences } from '@contract/my';
import { reminderChannels } from '@contract/upms';

type QuietHours = NonNullable<MyPreferences['quietHours']>;

const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
const MINUTES = ['00', '15', '30', '45'];
const CLOCK_COLUMNS = [
  HOURS.map((h) => ({ label: `${h}时`, value: h })),
  MINUTES.map((m) => ({ label: `${m}分`, value: m })),
];
const DEFAULT_QUIET: QuietHours = { start: '22:00', end: '07:00' };

/** The escalation order and 免打扰 being edited in 我的 → 提醒方式, saved with the channels. */
export interface EscalationDraft {
  channelOrder: EscalationChannel[];
  quietHours: QuietHours | null;
}

export const escalationDraftOf = (preferences: MyPreferences | undefined): EscalationDraft => ({
  channelOrder: completeChannelOrder(preferences?.channelOrder),
  quietHours: preferences?.quietHours ?? null,
});

function ClockField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`${label} ${value}`}>
        {label} {value}
      </Button>
      <Picker
        columns={CLOCK_COLUMNS}
        visible={open}
        value={value.split(':')}
        onClose={() => setOpen(false)}
        onConfirm={(picked) => onChange(`${picked[0] ?? '00'}:${picked[1] ?? '00'}`)}
      />
    </>
  );
}

/**
 * 升级顺序: when nobody has seen the app push, the chosen channels go out one at a time in this order (up / down).
 * 免打扰: reminders that are not urgent (催办 is) wait until it ends.
 */
export function EscalationForm({
  value,
  onChange,
}: {
  value: EscalationDraft;
  onChange: (v: EscalationDraft) => void;
}) {
  const { channelOrder, quietHours } = value;
  const move = (index: number, by: -1 | 1) => {
    const next = [...channelOrder];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange({ ...value, channelOrder: next });
  };
  return (
    <section className="my-escalation" aria-label="升级顺序与免打扰">
      <h3 className="my-escalation-title">升级顺序</h3>
      <p className="my-form-hint">APP 推送未被查看时，按此顺序逐个发送所选的其他渠道</p>
      <ol className="my-escalation-order">
        {channelOrder.map((channel, index) => (
          <li key={channel}>
            <span>
              {index + 1}. {reminderChannels[channel]}
            </span>
            <Button size="mini" fill="none" disabled={index === 0} onClick={() => move(index, -1)}>
              上移
            </Button>
            <Button size="mini" fill="none" disabled={index === channelOrder.length - 1} onClick={() => move(index, 1)}>
              下移
            </Button>
          </li>
        ))}
      </ol>
      <div className="my-escalation-quiet">
        <span>免打扰</span>
        <Switch
          checked={quietHours !== null}
          onChange={(on) => onChange({ ...value, quietHours: on ? DEFAULT_QUIET : null })}
          aria-label="免打扰"
        />
      </div>
      {quietHours && (
        <div className="my-escalation-quiet">
          <ClockField
            label="开始"
            value={quietHours.start}
            onChange={(start) => onChange({ ...value, quietHours: { ...quietHours, start } })}
          />
          <ClockField
            label="结束"
            value={quietHours.end}
            onChange={(end) => onChange({ ...value, quietHours: { ...quietHours, end } })}
          />
        </div>
      )}
      {quietHours && <p className="my-form-hint">免打扰时段内的提醒（催办除外）在结束后发送</p>}
    </section>
  );
}
