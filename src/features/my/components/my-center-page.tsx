import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Popup } from 'antd-mobile';
import { roleText } from '@contract/role-labels';
import { reminderChannels, type ReminderChannel } from '@contract/upms';
import { ReminderSelector } from '@/components/reminder-selector';
import { TabBar } from '@/components/tab-bar/tab-bar';
import { formatSize } from '@/lib/format';
import { useStore } from '@/lib/store';
import { wipeOfflineData } from '@/offline/query-persistence';
import { checkForUpdate } from '@/platform/register-sw';
import { signOut } from '@/session/logout';
import { userStore } from '@/session/user-store';
import { dialog, toast } from '@/ui/feedback';
import { preferencesQueryOptions } from '../api/my-queries';
import { useSaveChannels, useSaveImage } from '../api/my-writes';
import { imageFileToDataUrl } from '../image-data-url';
import { PasswordForm } from './password-form';
import { PhrasesEditor } from './phrases-editor';
import { SignaturePad } from './signature-pad';
import { version as appVersion } from '../../../../package.json';
import './my-center-page.css';

type Sheet = 'password' | 'channels' | 'phrases' | 'signature' | null;

/** How much this site keeps on the device (query cache, pictures, the app itself), if the browser says. */
function useStorageUsage(): [number | null, () => void] {
  const [usage, setUsage] = useState<number | null>(null);
  const measure = () => void navigator.storage?.estimate?.().then((e) => setUsage(e.usage ?? null), () => setUsage(null));
  useEffect(measure, []);
  return [usage, measure];
}

function pickImage(onPicked: (file: File) => void) {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = 'image/*';
  input.onchange = () => input.files?.[0] && onPicked(input.files[0]);
  input.click();
}

function MenuRow({ label, value, onClick }: { label: string; value?: ReactNode; onClick?: () => void }) {
  const body = (
    <>
      <span className="my-menu-label">{label}</span>
      {value !== undefined && <span className="my-menu-value">{value}</span>}
      {onClick && <span className="my-menu-arrow" aria-hidden="true">›</span>}
    </>
  );
  return <li>{onClick ? <button type="button" className="my-menu-button" onClick={onClick}>{body}</button> : body}</li>;
}

/** 我的 (/myCenter/index): profile, avatar and signature, password, reminder channels, opinion phrases, cache, about, logout. */
export function MyCenterPage() {
  const user = useStore(userStore, (s) => s.user);
  const roles = useStore(userStore, (s) => s.roles);
  const name = user?.userVo.realName ?? '';
  const [sheet, setSheet] = useState<Sheet>(null);
  const { data: preferences } = useQuery(preferencesQueryOptions());
  const saveChannels = useSaveChannels();
  const saveAvatar = useSaveImage('avatar');
  const saveSignature = useSaveImage('signature');
  const [usage, measure] = useStorageUsage();
  const [channels, setChannels] = useState<string[]>([]);
  const close = () => setSheet(null);

  const picked = (max: number, type: 'image/jpeg' | 'image/png', save: (data: string) => void) => (file: File) =>
    void imageFileToDataUrl(file, max, type).then(save, (error: Error) => toast.fail(error.message));

  const clearCache = async () => {
    if (!(await dialog.confirm({ content: '清除后，离线时将看不到之前浏览过的数据（待同步的操作会保留）。确定清除吗？' }))) return;
    await wipeOfflineData();
    toast.success('离线缓存已清除');
    measure();
  };
  const checkUpdate = async () => {
    const result = await checkForUpdate();
    if (result === 'waiting') toast.info('发现新版本，点击页面上方的“刷新”即可更新');
    else toast.info(result === 'latest' ? '当前已是最新版本' : '当前环境不支持在线更新');
  };
  const handleLogout = async () => {
    if (await dialog.confirm({ content: '确定要退出登录吗？' })) await signOut();
  };
  const chosen = preferences?.reminderChannels;
  const channelText = chosen ? chosen.map((c) => reminderChannels[c]).join('、') || '不提醒' : '默认（全部）';

  return (
    <>
      <div className="my-scroll">
        <section className="my-card">
          <button type="button" className="my-avatar" title="更换头像" onClick={() => pickImage(picked(160, 'image/jpeg', (d) => saveAvatar.mutate(d)))}>
            {user?.userVo.avatar ? <img src={user.userVo.avatar} alt="" /> : name.slice(-2)}
          </button>
          <div className="my-info">
            <p className="my-name">{name}</p>
            <p className="my-org">{user?.orgFullName}</p>
            {roles.length > 0 && <p className="my-roles">角色：{[...new Set(roles.map(roleText))].join('、')}</p>}
          </div>
        </section>
        <ul className="my-menu" aria-label="个人资料">
          <MenuRow label="账号" value={user?.userVo.username} />
          <MenuRow label="手机" value={user?.userVo.mobile ?? '未填写'} />
          <MenuRow label="邮箱" value={user?.userVo.email ?? '未填写'} />
          <MenuRow label="签名" value={user?.signImg ? <img className="my-sign-img" src={user.signImg} alt="我的签名" /> : '未设置'} onClick={() => setSheet('signature')} />
        </ul>
        <ul className="my-menu" aria-label="设置">
          <MenuRow label="修改密码" onClick={() => setSheet('password')} />
          <MenuRow label="提醒方式" value={channelText} onClick={() => (setChannels(chosen ?? []), setSheet('channels'))} />
          <MenuRow label="常用意见" value={`${preferences?.opinionPhrases.length ?? 0}条`} onClick={() => setSheet('phrases')} />
          <MenuRow label="清除离线缓存" value={usage === null ? '' : formatSize(usage)} onClick={() => void clearCache()} />
          <MenuRow label="检查更新" value={`版本 ${appVersion}`} onClick={() => void checkUpdate()} />
        </ul>
        <button type="button" className="my-logout" onClick={() => void handleLogout()}>
          退出登录
        </button>
      </div>
      <TabBar />
      <Popup visible={sheet !== null} onClose={close} onMaskClick={close} position="bottom" destroyOnClose bodyClassName="my-sheet">
        {sheet === 'password' && <PasswordForm onDone={close} />}
        {sheet === 'phrases' && <PhrasesEditor onDone={close} />}
        {sheet === 'channels' && (
          <div className="my-form">
            <h2 className="my-form-title">提醒方式</h2>
            <ReminderSelector value={channels} onChange={setChannels} />
            <button type="button" className="my-primary" onClick={() => saveChannels.mutate(channels as ReminderChannel[], { onSuccess: close })}>
              保存
            </button>
          </div>
        )}
        {sheet === 'signature' && (
          <div className="my-form">
            <h2 className="my-form-title">我的签名</h2>
            <SignaturePad onCancel={close} onDone={(data) => saveSignature.mutate(data, { onSuccess: close })} />
            <button type="button" className="my-secondary" onClick={() => pickImage(picked(600, 'image/png', (d) => saveSignature.mutate(d, { onSuccess: close })))}>
              上传签名图片
            </button>
            {user?.signImg && (
              <button type="button" className="my-secondary" onClick={() => saveSignature.mutate(null, { onSuccess: close })}>
                移除签名
              </button>
            )}
          </div>
        )}
      </Popup>
    </>
  );
}
