import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Popup } from 'antd-mobile';
import { TabBar } from '@/components/tab-bar/tab-bar';
import { sessionKeys, useCurrentUser } from '@/session/current-user-query';
import { preferencesQueryOptions } from '../api/get-preferences';
import { PasswordForm } from './password-form';
import { NotificationsForm } from './notifications-form';
import { PhrasesEditor } from './phrases-editor';
import {
  ChannelsForm,
  LogoutButton,
  MenuRow,
  MyDeviceRows,
  MyProfileCard,
  MyProfileMenu,
  SignatureForm,
  useChannelText,
} from './my-sections';
import './my-center-page.css';

type Sheet = 'password' | 'channels' | 'notifications' | 'phrases' | 'signature' | null;

/** 我的 (/myCenter/index): profile, avatar and signature, password, reminder channels, opinion phrases, cache, about, logout. */
export function MyCenterPage() {
  const [sheet, setSheet] = useState<Sheet>(null);
  const { data: preferences } = useQuery(preferencesQueryOptions());
  const channelText = useChannelText();
  const close = () => setSheet(null);
  // an initial password (org import): 修改密码 stays open until it is changed; the guard keeps every other page away
  const mustChange = useCurrentUser()?.mustChangePassword === true;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const shown: Sheet = mustChange ? 'password' : sheet;
  const dismiss = mustChange ? undefined : close;
  const passwordDone = mustChange ? () => void queryClient.invalidateQueries({ queryKey: sessionKeys.all }) : close;

  return (
    <>
      <div className="my-scroll">
        <MyProfileCard />
        <MyProfileMenu onSignature={() => setSheet('signature')} />
        <ul className="my-menu" aria-label="设置">
          <MenuRow label="修改密码" onClick={() => setSheet('password')} />
          <MenuRow label="审批代理" onClick={() => void navigate({ to: '/myCenter/proxies' })} />
          <MenuRow label="提醒方式" value={channelText} onClick={() => setSheet('channels')} />
          <MenuRow label="消息通知" onClick={() => setSheet('notifications')} />
          <MenuRow
            label="常用意见"
            value={`${preferences?.opinionPhrases.length ?? 0}条`}
            onClick={() => setSheet('phrases')}
          />
          <MyDeviceRows />
        </ul>
        <LogoutButton />
      </div>
      <TabBar />
      <Popup
        visible={shown !== null}
        onClose={dismiss}
        onMaskClick={dismiss}
        position="bottom"
        destroyOnClose
        bodyClassName="my-sheet"
      >
        {mustChange && (
          <p className="my-form-hint" role="alert">
            首次登录，请先修改初始密码
          </p>
        )}
        {shown === 'password' && <PasswordForm onDone={passwordDone} />}
        {shown === 'phrases' && <PhrasesEditor onDone={close} />}
        {shown === 'channels' && <ChannelsForm onDone={close} />}
        {shown === 'signature' && <SignatureForm onDone={close} />}
        {shown === 'notifications' && <NotificationsForm />}
      </Popup>
    </>
  );
}
