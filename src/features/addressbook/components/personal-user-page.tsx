import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { EMAIL_PATTERN, PHONE_MESSAGE, PHONE_PATTERN, type PersonalContact } from '@contract/contacts';
import { EmptyState } from '@/components/empty-state';
import { dialog } from '@/ui/feedback';
import { personalQueryOptions } from '../api/get-contacts';
import { useDeletePersonal, useSavePersonal } from '../api/write-contacts';
import { downloadVCard } from '../vcard';
import './address-book-page.css';
import './user-card-page.css';

type Fields = Pick<PersonalContact, 'name' | 'mobile'> & Record<'email' | 'company' | 'post' | 'remark', string>;
const EMPTY: Fields = { name: '', mobile: '', email: '', company: '', post: '', remark: '' };

/** The same rules the server applies (contract/contacts-schemas.ts), so the user sees them before sending. */
function problemsOf(f: Fields): Partial<Record<keyof Fields, string>> {
  const problems: Partial<Record<keyof Fields, string>> = {};
  if (!f.name.trim()) problems.name = '请输入姓名';
  if (!f.mobile.trim()) problems.mobile = '请输入手机号码';
  else if (!PHONE_PATTERN.test(f.mobile.trim())) problems.mobile = PHONE_MESSAGE;
  if (f.email.trim() && !EMAIL_PATTERN.test(f.email.trim())) problems.email = '请输入正确的邮箱地址';
  return problems;
}

const LABELS: [keyof Fields, string, number][] = [
  ['name', '姓名', 30],
  ['mobile', '手机号码', 20],
  ['email', '邮箱', 100],
  ['company', '单位', 60],
  ['post', '职务', 30],
];

function ContactForm({ contact }: { contact?: PersonalContact }) {
  const navigate = useNavigate();
  const [fields, setFields] = useState<Fields>(
    contact ? { ...EMPTY, ...Object.fromEntries(Object.entries(contact).map(([k, v]) => [k, v ?? ''])) } : EMPTY,
  );
  const [tried, setTried] = useState(false);
  const save = useSavePersonal(contact?.id);
  const remove = useDeletePersonal(contact?.id ?? '');
  const problems = tried ? problemsOf(fields) : {};
  const set = (key: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  const submit = () => {
    setTried(true);
    if (Object.keys(problemsOf(fields)).length) return;
    const body = {
      name: fields.name.trim(),
      mobile: fields.mobile.trim(),
      email: fields.email || null,
      company: fields.company || null,
      post: fields.post || null,
      remark: fields.remark || null,
    };
    save.mutate(body, { onSuccess: () => void navigate({ to: '/addressbook/personal', replace: true }) });
  };
  const confirmDelete = async () => {
    if (contact && (await dialog.confirm({ content: `确定删除联系人「${contact.name}」吗？` }))) {
      remove.mutate(contact.name, { onSuccess: () => void navigate({ to: '/addressbook/personal', replace: true }) });
    }
  };

  return (
    <form className="contacts-page contacts-form" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
      {LABELS.map(([key, label, max]) => (
        <label key={key} className="contacts-field">
          <span>
            {label}
            {key === 'name' || key === 'mobile' ? ' *' : ''}
          </span>
          <Input
            value={fields[key]}
            onChange={set(key)}
            maxLength={max}
            clearable
            type={key === 'mobile' ? 'tel' : key === 'email' ? 'email' : 'text'}
            placeholder={`请输入${label}`}
            aria-invalid={Boolean(problems[key])}
          />
          {problems[key] && <small className="contacts-field-error">{problems[key]}</small>}
        </label>
      ))}
      <label className="contacts-field">
        <span>备注</span>
        <Input value={fields.remark} onChange={set('remark')} maxLength={200} clearable placeholder="请输入备注" />
      </label>
      {contact?.mobile && (
        <div className="contacts-toolbar">
          <a className="user-card-action" href={`tel:${contact.mobile}`}>
            拨打电话
          </a>
          <a className="user-card-action" href={`sms:${contact.mobile}`}>
            发送短信
          </a>
        </div>
      )}
      <Button block color="primary" type="submit" loading={save.isPending}>
        保存
      </Button>
      {contact && (
        <>
          <Button
            block
            fill="outline"
            onClick={() =>
              downloadVCard({
                name: contact.name,
                mobile: contact.mobile,
                email: contact.email,
                org: contact.company,
                title: contact.post,
              })
            }
          >
            导出名片（vCard）
          </Button>
          <Button block color="danger" fill="outline" onClick={() => void confirmDelete()}>
            删除联系人
          </Button>
        </>
      )}
    </form>
  );
}

/** /addressbook/personalUser: a personal contact to view and edit (?id=), or a new one. */
export function PersonalUserPage({ id }: { id?: string }) {
  const { data, isPending, isError, refetch } = useQuery({ ...personalQueryOptions(id ?? ''), enabled: Boolean(id) });
  if (!id) return <ContactForm />;
  if (data) return <ContactForm key={data.id + data.updatedAt} contact={data} />;
  return isPending ? (
    <p className="contacts-loading">加载中...</p>
  ) : (
    <EmptyState kind={isError ? 'error' : 'nodata'} tip="联系人不存在或加载失败" onRetry={() => void refetch()} />
  );
}
