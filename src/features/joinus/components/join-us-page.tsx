import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { joinUsRules } from '@contract/custom';
import type { JoinUsBody } from '@contract/custom-schemas';
import { AppForm, checkRule, textRules } from '@/components/app-form';
import { EmptyState } from '@/components/empty-state';
import { joinUsOptionsQuery } from '../api/get-join-us-options';
import { submitJoinUs } from '../api/submit-join-us';
import { ChoiceButton, GenderRadios } from './join-us-fields';
import { ResumeField } from './resume-field';
import './join-us.css';

const { Item } = AppForm;
type Fields = Required<Omit<JoinUsBody, 'website'>> & { website: string; resume: File | null };
const EMPTY = { name: '', gender: '', phone: '', email: '', position: '', education: '', website: '', resume: null };

/** 招聘报名, reachable without login (spec §4): the sign-up form and, once sent, the thanks. Shows no stored data. */
export function JoinUsPage() {
  const { data: options, isPending, refetch } = useQuery(joinUsOptionsQuery());
  const [form] = AppForm.useForm<Fields>();
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);

  if (done)
    return (
      <div className="joinus-page joinus-done" role="status">
        <div className="joinus-done-mark" aria-hidden="true">
          ✓
        </div>
        <h2>报名成功</h2>
        <p>感谢您的关注，我们会尽快与您联系</p>
      </div>
    );
  if (isPending) return <p className="joinus-loading">加载中...</p>;
  if (!options) return <EmptyState kind="error" onRetry={() => void refetch()} />;
  const { maxSizeMb } = options.resume;

  const submit = async ({ resume, ...fields }: Fields) => {
    setProblem(null);
    try {
      setProgress(0);
      await submitJoinUs(fields, resume!, setProgress);
      setDone(true);
    } catch (error) {
      // the HTTP layer already showed the server's message; keep it next to the button too
      setProblem(error instanceof Error ? error.message : '提交失败');
    } finally {
      setProgress(null);
    }
  };

  return (
    <AppForm
      form={form}
      name="joinus"
      initialValues={EMPTY}
      className="joinus-page"
      onProblem={setProblem}
      onFinish={(values: Fields) => void submit(values)}
    >
      <h2 className="joinus-title">加入我们</h2>
      <p className="joinus-intro">填写以下信息并上传简历，人力资源部会尽快与您联系。</p>
      <label className="joinus-field">
        <span>
          姓名<b aria-label="必填">*</b>
        </span>
        <Item name="name" noStyle rules={textRules(joinUsRules.name)}>
          <input className="joinus-input" name="name" maxLength={20} autoComplete="name" placeholder="请输入姓名" />
        </Item>
      </label>
      <div className="joinus-field" role="group" aria-label="性别">
        <span>
          性别<b aria-label="必填">*</b>
        </span>
        <Item name="gender" noStyle rules={[checkRule((v) => (v ? null : joinUsRules.gender))]}>
          <GenderRadios />
        </Item>
      </div>
      <label className="joinus-field">
        <span>
          手机号码<b aria-label="必填">*</b>
        </span>
        <Item name="phone" noStyle rules={textRules(joinUsRules.phone)}>
          <input
            className="joinus-input"
            name="phone"
            inputMode="tel"
            maxLength={11}
            autoComplete="tel"
            placeholder="请输入11位手机号码"
          />
        </Item>
      </label>
      <label className="joinus-field">
        <span>
          电子邮箱<b aria-label="必填">*</b>
        </span>
        <Item name="email" noStyle rules={textRules(joinUsRules.email)}>
          <input
            className="joinus-input"
            name="email"
            type="email"
            maxLength={100}
            autoComplete="email"
            placeholder="请输入电子邮箱"
          />
        </Item>
      </label>
      <div className="joinus-field">
        <span>
          <span id="joinus-position-name">应聘岗位</span>
          <b aria-label="必填">*</b>
        </span>
        <Item name="position" noStyle rules={textRules(joinUsRules.position)}>
          <ChoiceButton field="position" label="应聘岗位" options={options.positions} />
        </Item>
      </div>
      <div className="joinus-field">
        <span>
          <span id="joinus-education-name">学历</span>
          <b aria-label="必填">*</b>
        </span>
        <Item name="education" noStyle rules={textRules(joinUsRules.education)}>
          <ChoiceButton field="education" label="学历" options={options.educations} />
        </Item>
      </div>
      <div className="joinus-field">
        <span>
          简历<b aria-label="必填">*</b>
        </span>
        <Item
          name="resume"
          noStyle
          rules={[
            checkRule((resume: File | null) =>
              !resume ? '请上传简历' : resume.size > maxSizeMb * 1024 * 1024 ? `简历大小不能超过${maxSizeMb}MB` : null,
            ),
          ]}
        >
          <ResumeField accept={options.resume.accept} maxSizeMb={maxSizeMb} />
        </Item>
      </div>
      {/* the honeypot: hidden from people and screen readers, filled by bots */}
      <div className="joinus-trap" aria-hidden="true">
        <label>
          网站
          <Item name="website" noStyle>
            <input name="website" tabIndex={-1} autoComplete="off" />
          </Item>
        </label>
      </div>
      {problem && (
        <p className="joinus-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="joinus-submit" disabled={progress !== null}>
        {progress === null ? '提交报名' : `提交中 ${progress}%`}
      </button>
    </AppForm>
  );
}
