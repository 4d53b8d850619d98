import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { roleText } from '@contract/role-labels';
import { reminderChannels, type ReminderChannel } from '@contract/upms';
import { ReminderSelector } from '@/components/reminder-selector';
import { formatSize } from '@/lib/format';
import { useStore } from '@/lib/store';
import { isWaiting, listOutbox, wipeOutbox } from '@/offline/outbox-list';
import { checkForUpdate } from '@/platform/sw-update';
import { signOut } from '@/session/logout';
import { useCurrentUser } from '@/session/current-user-query';
import { userStore } from '@/session/user-store';
import { dialog, toast } from '@/ui/feedback';
import { preferencesQueryOptions } from '../api/get-preferences';
import { useSaveChannels, useSaveEscalation, useSaveImage } from '../api/save-my-settings';
import { EscalationForm, escalationDraftOf } from './escalation-form';
import { imageFileToDataUrl } from '../image-data-url';
import { SignaturePad } from './signature-pad';
import { version as appVersion } from '../../../../package.json';
import './my-center-page.css';

/*
 * The sections of 我的, shared by the phone page (one column, forms in bottom sheets) and the tablet's two panes
 * (sections listed on the left, the chosen one on the right).
 */

/** When 我的 reads the offline cache's size a second time after opening. */
const RE_MEASURE_AFTER_MS = 1500;

/** How much the offline cache holds (what 清除离线缓存 removes), and a way to measure it again. */
function useOfflineCacheSize(): [number | null, () => Promise<void>] {
  const [usage, setUsage] = useState<number | null>(null);
  // the cache's storage code belongs to the offline layer's chunk: fetched when measuring, not with the screen
  const measure = () =>
    import('../offline-cache-size')
      .then(({ offlineCacheBytes }) => offlineCacheBytes())
      .then(setUsage, () => setUsage(null));
  useEffect(() => {
    void measure();
    // what this opening loaded is written a moment later (the cache is saved at most every half second, and a reload
    // can drop the save the page before it had pending): read the size again then
    const again = setTimeout(() => void measure(), RE_MEASURE_AFTER_MS);
    return () => clearTimeout(again);
  }, []);
  return [usage, measure];
}

function pickImage(onPicked: (file: File) => void) {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = 'image/*';
  input.onchange = () => input.files?.[0] && onPicked(input.files[0]);
  input.click();
}

const picked = (max: number, type: 'image/jpeg' | 'image/png', save: (data: string) => void) => (file: File) =>
  void imageFileToDataUrl(file, max, type).then(save, (error: Error) => toast.fail(error.message));

/** A row of 我的; `current` makes it a split-view row (tablet: arrow keys move, the shown section is marked). */
export function MenuRow({
  label,
  value,
  onClick,
  current,
}: {
  label: string;
  value?: ReactNode;
  onClick?: () => void;
  current?: boolean;
}) {
  const body = (
    <>
      <span className="my-menu-label">{label}</span>
      {value !== undefined && <span className="my-menu-value">{value}</span>}
      {/* a row that opens nothing keeps the arrow's room, so every value ends in the same column */}
      <span className="my-menu-arrow" aria-hidden="true">
        {onClick ? '›' : ''}
      </span>
    </>
  );
  const split =
    current === undefined ? {} : { 'data-split-item': '', 'aria-current': current ? ('true' as const) : undefined };
  return (
    <li>
      {onClick ? (
        <button type="button" className="my-menu-button" {...split} onClick={onClick}>
          {body}
        </button>
      ) : (
        body
      )}
    </li>
  );
}

/** The user's card: avatar (tap to change), name, organisation, roles. */
export function MyProfileCard() {
  const user = useCurrentUser();
  const roles = useStore(userStore, (s) => s.roles);
  const saveAvatar = useSaveImage('avatar');
  const name = user?.userVo.realName ?? '';
  return (
    <section className="my-card">
      <button
        type="button"
        className="my-avatar"
        title="更换头像"
        onClick={() => pickImage(picked(160, 'image/jpeg', (d) => saveAvatar.mutate(d)))}
      >
        {user?.userVo.avatar ? <img src={user.userVo.avatar} alt="" /> : name.slice(-2)}
      </button>
      <div className="my-info">
        <p className="my-name">{name}</p>
        <p className="my-org">{user?.orgFullName}</p>
        {roles.length > 0 && <p className="my-roles">角色：{[...new Set(roles.map(roleText))].join('、')}</p>}
      </div>
    </section>
  );
}

/** 个人资料: account, phone, e-mail and the signature (tap to change it). */
export function MyProfileMenu({ onSignature }: { onSignature: () => void }) {
  const user = useCurrentUser();
  return (
    <ul className="my-menu" aria-label="个人资料">
      <MenuRow label="账号" value={user?.userVo.username} />
      <MenuRow label="手机" value={user?.userVo.mobile ?? '未填写'} />
      <MenuRow label="邮箱" value={user?.userVo.email ?? '未填写'} />
      <MenuRow
        label="签名"
        value={
          user?.signImg ? (
            <>
              <img className="my-sign-img" src={user.signImg} alt="我的签名" />
              已设置
            </>
          ) : (
            '未设置'
          )
        }
        onClick={onSignature}
      />
    </ul>
  );
}

/** The chosen reminder channels in words (none chosen yet: the default, every channel). */
export function useChannelText(): string {
  const { data: preferences } = useQuery(preferencesQueryOptions());
  const chosen = preferences?.reminderChannels;
  return chosen ? chosen.map((c) => reminderChannels[c]).join('、') || '不提醒' : '默认（全部）';
}

/** 提醒方式: tick the channels, order their escalation, set 免打扰; save. */
export function ChannelsForm({ onDone }: { onDone: () => void }) {
  const { data: preferences } = useQuery(preferencesQueryOptions());
  const saveChannels = useSaveChannels();
  const saveEscalation = useSaveEscalation();
  const [channels, setChannels] = useState<string[]>(preferences?.reminderChannels ?? []);
  const [escalation, setEscalation] = useState(() => escalationDraftOf(preferences));
  const save = () => {
    // only a changed order or 免打扰 is written
    if (JSON.stringify(escalation) !== JSON.stringify(escalationDraftOf(preferences)))
      saveEscalation.mutate(escalation);
    saveChannels.mutate(channels as ReminderChannel[], { onSuccess: onDone });
  };
  return (
    <div className="my-form">
      <h2 className="my-form-title">提醒方式</h2>
      <ReminderSelector value={channels} onChange={setChannels} />
      <EscalationForm value={escalation} onChange={setEscalation} />
      <button type="button" className="my-primary" onClick={save}>
        保存
      </button>
    </div>
  );
}

/** 我的签名: draw it, upload a picture, or remove it. */
export function SignatureForm({ onDone }: { onDone: () => void }) {
  const user = useCurrentUser();
  const saveSignature = useSaveImage('signature');
  return (
    <div className="my-form">
      <h2 className="my-form-title">我的签名</h2>
      <SignaturePad onCancel={onDone} onDone={(data) => saveSignature.mutate(data, { onSuccess: onDone })} />
      <button
        type="button"
        className="my-secondary"
        onClick={() => pickImage(picked(600, 'image/png', (d) => saveSignature.mutate(d, { onSuccess: onDone })))}
      >
        上传签名图片
      </button>
      {user?.signImg && (
        <button
          type="button"
          className="my-secondary"
          onClick={() => saveSignature.mutate(null, { onSuccess: onDone })}
        >
          移除签名
        </button>
      )}
    </div>
  );
}

/** This device: clear the offline cache (with its size), check for a new version. */
export function MyDeviceRows() {
  const [usage, measure] = useOfflineCacheSize();
  const navigate = useNavigate();
  const clearCache = async () => {
    if (
      !(await dialog.confirm({ content: '清除后，离线时将看不到之前浏览过的数据（待同步的操作会保留）。确定清除吗？' }))
    )
      return;
    await (await import('@/offline/query-persistence')).wipeOfflineData();
    await measure();
    toast.success('离线缓存已清除');
  };
  const checkUpdate = async () => {
    const result = await checkForUpdate();
    if (result === 'waiting') toast.info('发现新版本，点击页面上方的“刷新”即可更新');
    else toast.info(result === 'latest' ? '当前已是最新版本' : '当前环境不支持在线更新');
  };
  return (
    <>
      <MenuRow label="离线数据" onClick={() => void navigate({ to: '/myCenter/offlineData' })} />
      <MenuRow label="清除离线缓存" value={usage === null ? '' : formatSize(usage)} onClick={() => void clearCache()} />
      <MenuRow label="检查更新" value={`版本 ${appVersion}`} onClick={() => void checkUpdate()} />
    </>
  );
}

export function LogoutButton() {
  const handleLogout = async () => {
    // queued writes are the person's data too: logging out deletes them, so say so first
    const waiting = (await listOutbox()).filter(isWaiting).length;
    const content = waiting ? `还有 ${waiting} 项操作未同步，退出后将被清除。确定要退出登录吗？` : '确定要退出登录吗？';
    if (!(await dialog.confirm({ content }))) return;
    await wipeOutbox().catch(() => undefined);
    await signOut();
  };
  return (
    <button type="button" className="my-logout" onClick={() => void handleLogout()}>
      退出登录
    </button>
  );
}
