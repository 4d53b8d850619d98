import { useState } from 'react';
import { OptionPicker } from '@/components/option-picker';
import { useQuery } from '@tanstack/react-query';
import type { JoinUsBody } from '@contract/custom-schemas';
import { EmptyState } from '@/components/empty-state';
import { formatSize } from '@/lib/format';
import { toast } from '@/ui/feedback';
import { joinUsOptionsQuery, submitJoinUs } from '../api/join-us';
import './join-us.css';

type Fields = Required<Omit<JoinUsBody, 'website'>> & { website: string };
const EMPTY: Fields = {
  name: '',
  gender: '' as Fields['gender'],
  phone: '',
  email: '',
  position: '',
  education: '',
  website: '',
};

/** The first problem with the form, worded as the server words it (the server checks again). */
function problemOf(fields: Fields, resume: File | null, maxSizeMb: number): string | null {
  if (!fields.name.trim()) return '请填写姓名';
  if (!fields.gender) return '请选择性别';
  if (!/^1[3-9]\d{9}$/.test(fields.phone.trim())) return fields.phone.trim() ? '手机号码格式不正确' : '请填写手机号码';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(fields.email.trim()))
    return fields.email.trim() ? '电子邮箱格式不正确' : '请填写电子邮箱';
  if (!fields.position) return '请选择应聘岗位';
  if (!fields.education) return '请选择学历';
  if (!resume) return '请上传简历';
  if (resume.size > maxSizeMb * 1024 * 1024) return `简历大小不能超过${maxSizeMb}MB`;
  return null;
}

/** 招聘报名, reachable without login (spec §4): the sign-up form and, once sent, the thanks. Shows no stored data. */
export function JoinUsPage() {
  const { data: options, isPending, refetch } = useQuery(joinUsOptionsQuery());
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [resume, setResume] = useState<File | null>(null);
  const [picker, setPicker] = useState<'position' | 'education' | null>(null);
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

  const set = (key: keyof Fields) => (value: string) => setFields((prev) => ({ ...prev, [key]: value }));
  const labelOf = (list: { label: string; value: string }[], value: string) =>
    list.find((o) => o.value === value)?.label;

  const submit = async () => {
    const found = problemOf(fields, resume, options.resume.maxSizeMb);
    setProblem(found);
    if (found) return toast.fail(found);
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
    <form
      className="joinus-page"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="joinus-title">加入我们</h2>
      <p className="joinus-intro">填写以下信息并上传简历，人力资源部会尽快与您联系。</p>
      <label className="joinus-field">
        <span>
          姓名<b aria-label="必填">*</b>
        </span>
        <input
          className="joinus-input"
          name="name"
          maxLength={20}
          autoComplete="name"
          value={fields.name}
          onChange={(e) => set('name')(e.target.value)}
          placeholder="请输入姓名"
        />
      </label>
      <div className="joinus-field" role="group" aria-label="性别">
        <span>
          性别<b aria-label="必填">*</b>
        </span>
        <span className="joinus-radios">
          {(['male', 'female'] as const).map((value) => (
            <label key={value} className="joinus-radio">
              <input
                type="radio"
                name="gender"
                value={value}
                checked={fields.gender === value}
                onChange={() => set('gender')(value)}
              />
              {value === 'male' ? '男' : '女'}
            </label>
          ))}
        </span>
      </div>
      <label className="joinus-field">
        <span>
          手机号码<b aria-label="必填">*</b>
        </span>
        <input
          className="joinus-input"
          name="phone"
          inputMode="tel"
          maxLength={11}
          autoComplete="tel"
          value={fields.phone}
          onChange={(e) => set('phone')(e.target.value)}
          placeholder="请输入11位手机号码"
        />
      </label>
      <label className="joinus-field">
        <span>
          电子邮箱<b aria-label="必填">*</b>
        </span>
        <input
          className="joinus-input"
          name="email"
          type="email"
          maxLength={100}
          autoComplete="email"
          value={fields.email}
          onChange={(e) => set('email')(e.target.value)}
          placeholder="请输入电子邮箱"
        />
      </label>
      <div className="joinus-field">
        <span>
          <span id="joinus-position-name">应聘岗位</span>
          <b aria-label="必填">*</b>
        </span>
        {/* named by its field and its value, as a picker's opener should be read out */}
        <button
          id="joinus-position"
          type="button"
          aria-labelledby="joinus-position-name joinus-position"
          className="joinus-input joinus-picker"
          onClick={() => setPicker('position')}
        >
          {labelOf(options.positions, fields.position) ?? '请选择应聘岗位'}
        </button>
      </div>
      <div className="joinus-field">
        <span>
          <span id="joinus-education-name">学历</span>
          <b aria-label="必填">*</b>
        </span>
        {/* named by its field and its value, as a picker's opener should be read out */}
        <button
          id="joinus-education"
          type="button"
          aria-labelledby="joinus-education-name joinus-education"
          className="joinus-input joinus-picker"
          onClick={() => setPicker('education')}
        >
          {labelOf(options.educations, fields.education) ?? '请选择学历'}
        </button>
      </div>
      <OptionPicker
        visible={picker !== null}
        title={picker === 'education' ? '学历' : '应聘岗位'}
        columns={[picker === 'education' ? options.educations : options.positions]}
        value={[picker ? fields[picker] : '']}
        confirmText="确定"
        cancelText="取消"
        onClose={() => setPicker(null)}
        onConfirm={(v) => picker && set(picker)(String(v[0] ?? ''))}
      />
      <div className="joinus-field">
        <span>
          简历<b aria-label="必填">*</b>
        </span>
        <label className="joinus-upload" htmlFor="joinus-resume">
          {resume
            ? `${resume.name}（${formatSize(resume.size)}）`
            : `＋ 上传简历（PDF、Word 或图片，不超过${options.resume.maxSizeMb}MB）`}
        </label>
        <input
          id="joinus-resume"
          className="joinus-file"
          type="file"
          accept={options.resume.accept}
          onChange={(e) => setResume(e.target.files?.[0] ?? null)}
        />
      </div>
      {/* the honeypot: hidden from people and screen readers, filled by bots */}
      <div className="joinus-trap" aria-hidden="true">
        <label>
          网站
          <input
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={fields.website}
            onChange={(e) => set('website')(e.target.value)}
          />
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
    </form>
  );
}
