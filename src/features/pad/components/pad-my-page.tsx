import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { SplitView, useNarrowWindow } from '@/components/split-view';
import { preferencesQueryOptions } from '@/api/preferences';
import { PasswordForm } from '@/features/my/components/password-form';
import { PhrasesEditor } from '@/features/my/components/phrases-editor';
import {
  ChannelsForm,
  LogoutButton,
  MenuRow,
  MyDeviceRows,
  MyProfileCard,
  MyProfileMenu,
  SignatureForm,
  useChannelText,
} from '@/features/my/components/my-sections';
import { ProxyPage } from '@/features/my/components/proxy-page';
import type { MySection } from '../api/pad-search';
import './pad-my.css';

/**
 * 我的 on a tablet (/padmy): the sections on the left, the chosen one on the right (the phone's bottom sheets become
 * the pane). The section is the URL's `section`; a wide window opens on 个人资料 when none is chosen.
 */
export function PadMyPage({ section }: { section?: MySection }) {
  const navigate = useNavigate();
  const narrow = useNarrowWindow();
  const { data: preferences } = useQuery(preferencesQueryOptions());
  const channelText = useChannelText();
  const shown = section ?? (narrow ? undefined : 'profile');
  const go = (next?: MySection) =>
    void navigate({ to: '/padmy', search: next ? { section: next } : {}, replace: true });
  const row = (key: MySection, label: string, value?: string) => (
    <MenuRow label={label} value={value} current={shown === key} onClick={() => go(key)} />
  );

  const detail = () => {
    switch (shown) {
      case 'profile':
        return (
          <>
            <MyProfileCard />
            <MyProfileMenu onSignature={() => go('signature')} />
          </>
        );
      case 'password':
        return <PasswordForm onDone={() => go('profile')} />;
      case 'channels':
        return <ChannelsForm key={String(preferences?.reminderChannels)} onDone={() => go('profile')} />;
      case 'phrases':
        return <PhrasesEditor onDone={() => go('profile')} />;
      case 'signature':
        return <SignatureForm onDone={() => go('profile')} />;
      case 'proxies':
        return <ProxyPage />;
      case 'device':
        return (
          <ul className="my-menu" aria-label="本机">
            <MyDeviceRows />
          </ul>
        );
      default:
        return null;
    }
  };

  return (
    <SplitView
      listLabel="我的"
      detailLabel="设置内容"
      selectedKey={shown}
      onBack={() => go()}
      list={
        <div className="pad-my-list">
          <ul className="my-menu" aria-label="设置">
            {row('profile', '个人资料')}
            {row('password', '修改密码')}
            {row('channels', '提醒方式', channelText)}
            {row('phrases', '常用意见', `${preferences?.opinionPhrases.length ?? 0}条`)}
            {row('signature', '我的签名')}
            {row('proxies', '审批代理')}
            {row('device', '离线缓存与版本')}
          </ul>
          <LogoutButton />
        </div>
      }
      detail={shown ? <div className="pad-my-detail">{detail()}</div> : null}
    />
  );
}
