import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { MAX_OPINION_PHRASES, MAX_PHRASE_LENGTH } from '@contract/my';
import { toast } from '@/ui/feedback';
import { useOpinionPhrases } from '../api/get-preferences';
import { useSavePhrases } from '../api/save-my-settings';

/** 常用意见: add, remove and keep the phrases offered when writing an opinion. */
export function PhrasesEditor({ onDone }: { onDone: () => void }) {
  const [phrases, setPhrases] = useState(useOpinionPhrases());
  const [draft, setDraft] = useState('');
  const save = useSavePhrases();
  const add = () => {
    const text = draft.trim();
    if (!text) return toast.fail('请输入常用意见');
    if (phrases.includes(text)) return toast.fail('该常用意见已存在');
    if (phrases.length >= MAX_OPINION_PHRASES) return toast.fail(`常用意见最多${MAX_OPINION_PHRASES}条`);
    setPhrases([...phrases, text]);
    setDraft('');
  };
  return (
    <div className="my-form">
      <h2 className="my-form-title">常用意见</h2>
      <ul className="my-phrases" aria-label="常用意见">
        {phrases.map((p) => (
          <li key={p}>
            <span>{p}</span>
            <button type="button" aria-label={`删除${p}`} onClick={() => setPhrases(phrases.filter((x) => x !== p))}>
              删除
            </button>
          </li>
        ))}
      </ul>
      <div className="my-phrase-add">
        <Input
          aria-label="新的常用意见"
          placeholder="输入新的常用意见"
          value={draft}
          onChange={setDraft}
          maxLength={MAX_PHRASE_LENGTH}
          onEnterPress={add}
        />
        <Button size="small" onClick={add}>
          添加
        </Button>
      </div>
      <Button
        block
        color="primary"
        loading={save.isPending}
        onClick={() => save.mutate(phrases, { onSuccess: onDone })}
      >
        保存
      </Button>
    </div>
  );
}
