import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import type { SelectorNode } from '@contract/upms';
import { EmptyState } from '@/components/empty-state';
import { OrgUserSelector } from '@/components/org-user-selector';
import { dialog, toast } from '@/ui/feedback';
import { groupQueryOptions } from '../api/get-contacts';
import { useAddMembers, useCreateGroup, useDeleteGroup, useRemoveMember, useRenameGroup } from '../api/write-contacts';
import { ContactRow } from './contact-row';
import './address-book-page.css';

const validName = (name: string) => {
  const trimmed = name.trim();
  if (!trimmed) return '请输入群组名称';
  return trimmed.length > 30 ? '群组名称不能超过30字' : null;
};

/** groupUser without an id: 新建群组 (name + members picked with the OrgUserSelector). */
function NewGroup() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [members, setMembers] = useState<SelectorNode[]>([]);
  const [picking, setPicking] = useState(false);
  const create = useCreateGroup();
  const submit = () => {
    const problem = validName(name);
    if (problem) return toast.fail(problem);
    create.mutate(
      { name: name.trim(), memberIds: members.map((m) => m.id) },
      {
        onSuccess: (result) =>
          void navigate(
            result.queued
              ? { to: '/addressbook/group' }
              : { to: '/addressbook/groupUser', search: { id: result.data.id }, replace: true },
          ),
      },
    );
  };
  return (
    <div className="contacts-page contacts-form">
      <label className="contacts-field">
        <span>群组名称</span>
        <Input placeholder="请输入群组名称" value={name} onChange={setName} maxLength={30} clearable />
      </label>
      <Button block fill="outline" onClick={() => setPicking(true)}>
        选择成员（已选{members.length}人）
      </Button>
      <ul className="contacts-list" aria-label="已选成员">
        {members.map((m) => (
          <ContactRow key={m.id} user={m} onOpen={() => setMembers(members.filter((x) => x.id !== m.id))} />
        ))}
      </ul>
      <Button block color="primary" loading={create.isPending} onClick={submit}>
        创建群组
      </Button>
      <OrgUserSelector
        visible={picking}
        value={members}
        onClose={() => setPicking(false)}
        onConfirm={(users) => (setMembers(users), setPicking(false))}
        title="选择群组成员"
      />
    </div>
  );
}

/** groupUser with an id: members; the owner renames, adds and removes members, deletes the group. */
function GroupDetail({ id }: { id: string }) {
  const navigate = useNavigate();
  const { data: group, isPending, isError, refetch } = useQuery(groupQueryOptions(id));
  const [picking, setPicking] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const rename = useRenameGroup(id);
  const remove = useDeleteGroup(id);
  const add = useAddMembers(id);
  const removeMember = useRemoveMember(id);

  if (!group)
    return isPending ? (
      <p className="contacts-loading">加载中...</p>
    ) : (
      <EmptyState
        kind={isError ? 'error' : 'nodata'}
        tip={isError ? '群组不存在或加载失败' : undefined}
        onRetry={() => void refetch()}
      />
    );
  const openUser = (user: SelectorNode) => void navigate({ to: '/addressbook/userInfo', search: { userId: user.id } });
  const saveName = () => {
    const problem = validName(renaming ?? '');
    if (problem) return toast.fail(problem);
    rename.mutate(renaming!.trim(), { onSuccess: () => setRenaming(null) });
  };
  const confirmDelete = async () => {
    if (await dialog.confirm({ content: `确定删除群组「${group.name}」吗？` }))
      remove.mutate(group.name, { onSuccess: () => void navigate({ to: '/addressbook/group', replace: true }) });
  };
  const confirmRemove = async (user: SelectorNode) => {
    if (await dialog.confirm({ content: `确定将${user.realName}移出群组吗？` }))
      removeMember.mutate({ userId: user.id, name: user.realName });
  };

  return (
    <div className="contacts-page">
      <section className="contacts-group-head">
        {renaming === null ? (
          <>
            <h2>{group.name}</h2>
            <span className="contacts-count">{group.memberCount}人</span>
            {group.mine && (
              <Button size="small" onClick={() => setRenaming(group.name)}>
                重命名
              </Button>
            )}
          </>
        ) : (
          <>
            <Input aria-label="群组名称" value={renaming} onChange={setRenaming} maxLength={30} clearable />
            <Button size="small" color="primary" loading={rename.isPending} onClick={saveName}>
              保存
            </Button>
            <Button size="small" onClick={() => setRenaming(null)}>
              取消
            </Button>
          </>
        )}
      </section>
      {group.mine && (
        <div className="contacts-toolbar">
          <Button block color="primary" fill="outline" onClick={() => setPicking(true)}>
            添加成员
          </Button>
          <Button block color="danger" fill="outline" onClick={() => void confirmDelete()}>
            删除群组
          </Button>
        </div>
      )}
      {group.members.length ? (
        <ul className="contacts-list" aria-label="群组成员">
          {group.members.map((user) => (
            <li key={user.id} className="contacts-item contacts-member">
              <ContactRow user={user} onOpen={openUser} bare />
              {group.mine && (
                <button
                  type="button"
                  className="contacts-remove"
                  aria-label={`移除${user.realName}`}
                  onClick={() => void confirmRemove(user)}
                >
                  移除
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState kind="nodata" tip="群组暂无成员" />
      )}
      <OrgUserSelector
        visible={picking}
        value={[]}
        title="添加群组成员"
        onClose={() => setPicking(false)}
        onConfirm={(users) => {
          setPicking(false);
          const fresh = users.filter((u) => !group.members.some((m) => m.id === u.id)).map((u) => u.id);
          if (fresh.length) add.mutate(fresh);
        }}
      />
    </div>
  );
}

/** /addressbook/groupUser: a group's members (?id=), or a new group. */
export function GroupUserPage({ id }: { id?: string }) {
  return id ? <GroupDetail id={id} /> : <NewGroup />;
}
