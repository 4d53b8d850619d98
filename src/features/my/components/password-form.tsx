import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { passwordStrong, PASSWORD_RULE_TEXT } from '@contract/my';
import { useChangePassword } from '../api/save-my-settings';

/** 修改密码: old password, new password (strength rule shown and checked), confirmation. */
export function PasswordForm({ onDone }: { onDone: () => void }) {
  const [fields, setFields] = useState({ old: '', next: '', again: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangePassword();
  const set = (key: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  const submit = () => {
    const found = !fields.old
      ? '请输入原密码'
      : !passwordStrong(fields.next)
        ? PASSWORD_RULE_TEXT
        : fields.next !== fields.again
          ? '两次输入的新密码不一致'
          : fields.next === fields.old
            ? '新密码不能与原密码相同'
            : null;
    setProblem(found);
    if (!found) change.mutate({ oldPassword: fields.old, newPassword: fields.next }, { onSuccess: onDone });
  };

  return (
    <form className="my-form" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
      <h2 className="my-form-title">修改密码</h2>
      <label className="my-field">
        <span>原密码</span>
        <Input
          type="password"
          autoComplete="current-password"
          placeholder="请输入原密码"
          value={fields.old}
          onChange={set('old')}
          maxLength={32}
        />
      </label>
      <label className="my-field">
        <span>新密码</span>
        <Input
          type="password"
          autoComplete="new-password"
          placeholder="8-32位，含字母和数字"
          value={fields.next}
          onChange={set('next')}
          maxLength={32}
        />
      </label>
      <label className="my-field">
        <span>确认新密码</span>
        <Input
          type="password"
          autoComplete="new-password"
          placeholder="请再次输入新密码"
          value={fields.again}
          onChange={set('again')}
          maxLength={32}
        />
      </label>
      <p className={problem ? 'my-form-error' : 'my-form-hint'} role={problem ? 'alert' : undefined}>
        {problem ?? PASSWORD_RULE_TEXT}
      </p>
      <Button block color="primary" type="submit" loading={change.isPending}>
        确认修改
      </Button>
    </form>
  );
}
