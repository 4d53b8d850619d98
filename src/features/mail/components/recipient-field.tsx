import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MailPerson } from '@contract/mail';
import { peopleSearchQueryOptions } from '@/api/selector';
import { OrgUserSelector } from '@/components/org-user-selector';
import { useIsOffline } from '@/offline/online-status';

interface RecipientFieldProps {
  label: string;
  value: MailPerson[];
  onChange: (people: MailPerson[]) => void;
  /** people the caller wrote to lately: matched by name as they type (offline too) */
  recent?: MailPerson[];
  /** offer the recent contacts as one tap below the line (收件人) */
  offerRecent?: boolean;
}

interface Match extends MailPerson {
  org?: string;
}

const SEARCH_DELAY_MS = 250;
const MAX_MATCHES = 8;

/** What was typed, once the typing paused (one search per pause, not per key). */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return text ? settled : '';
}

/**
 * A recipient line: chips, then type a name, 拼音 or initials (zs → 张三) and pick from the matches; 添加 opens the
 * OrgUserSelector; recent contacts below. Colleagues are found by the address book's search (GET the org selector
 * with queryValue); the recent contacts match by name at once, offline too.
 */
export function RecipientField({ label, value, onChange, recent = [], offerRecent = false }: RecipientFieldProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const offline = useIsOffline();
  const keyword = useSettled(text.trim());
  const found = useQuery({ ...peopleSearchQueryOptions(keyword), enabled: keyword !== '' });
  const chosen = new Set(value.map((p) => p.id));

  const typed = text.trim();
  const matches: Match[] = [];
  if (typed) {
    const seen = new Set(chosen);
    const add = (person: Match) => {
      if (seen.has(person.id) || matches.length >= MAX_MATCHES) return;
      seen.add(person.id);
      matches.push(person);
    };
    const people = keyword === typed ? (found.data ?? []).filter((n) => n.popCode === 'user') : [];
    const orgOf = new Map(people.map((n) => [n.id, n.orgName]));
    // recent contacts first (at once, offline too), then the rest of the search
    recent.filter((p) => p.name.includes(typed)).forEach((p) => add({ ...p, org: orgOf.get(p.id) }));
    people.forEach((n) => add({ id: n.id, name: n.realName || n.name, org: n.orgName }));
  }
  const searching = typed !== '' && !offline && (keyword !== typed || found.isFetching);

  const pick = (person: MailPerson) => {
    onChange([...value, { id: person.id, name: person.name }]);
    setText('');
    setActive(0);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      // never sends the form from here: Enter takes the highlighted match
      e.preventDefault();
      const person = matches[Math.min(active, matches.length - 1)];
      if (person) pick(person);
    } else if (e.key === 'ArrowDown' && matches.length) {
      e.preventDefault();
      setActive((i) => (i + 1) % matches.length);
    } else if (e.key === 'ArrowUp' && matches.length) {
      e.preventDefault();
      setActive((i) => (i - 1 + matches.length) % matches.length);
    } else if (e.key === 'Backspace' && text === '' && value.length) {
      onChange(value.slice(0, -1));
    } else if (e.key === 'Escape') {
      setText('');
    }
  };

  const offered = offerRecent ? recent.filter((p) => !chosen.has(p.id)).slice(0, 6) : [];
  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <div className="mail-field">
      <span className="mail-field-label">{label}</span>
      <div className="mail-chips">
        {value.map((person) => (
          <button
            key={person.id}
            type="button"
            className="mail-chip"
            aria-label={`移除${person.name}`}
            onClick={() => onChange(value.filter((p) => p.id !== person.id))}
          >
            {person.name} ×
          </button>
        ))}
        <input
          className="mail-input mail-recipient-input"
          value={text}
          onChange={(e) => (setText(e.target.value), setActive(0))}
          onKeyDown={onKeyDown}
          placeholder={value.length ? '' : '姓名、拼音或首字母'}
          aria-label={label}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={typed !== ''}
          aria-controls={listId}
          aria-activedescendant={matches.length ? optionId(Math.min(active, matches.length - 1)) : undefined}
          autoComplete="off"
          enterKeyHint="done"
          maxLength={50}
        />
        <button type="button" className="mail-link mail-add" onClick={() => setOpen(true)}>
          ＋ 添加
        </button>
      </div>
      {typed !== '' && (
        <ul id={listId} className="mail-matches" role="listbox" aria-label={`${label}候选`}>
          {matches.map((person, i) => (
            <li
              key={person.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === Math.min(active, matches.length - 1)}
              className="mail-match"
              // mousedown would move the focus away first and could drop the tap on a phone keyboard's edge
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(person)}
            >
              <span className="mail-match-name">{person.name}</span>
              {person.org ? <small className="mail-match-org">{person.org}</small> : null}
            </li>
          ))}
          {!matches.length && (
            <li className="mail-match-none" role="presentation">
              {searching
                ? '搜索中…'
                : offline
                  ? '离线时只能从最近联系人中选择'
                  : found.isError
                    ? '搜索失败，请稍后重试'
                    : '没有找到该人员'}
            </li>
          )}
        </ul>
      )}
      {offered.length > 0 && (
        <div className="mail-suggest">
          <small>最近联系人：</small>
          {offered.map((person) => (
            <button
              key={person.id}
              type="button"
              className="mail-chip mail-chip-light"
              onClick={() => onChange([...value, person])}
            >
              {person.name}
            </button>
          ))}
        </div>
      )}
      <OrgUserSelector
        visible={open}
        title={`选择${label}`}
        value={value.map((p) => ({ id: p.id, name: p.name, realName: p.name, popCode: 'user', parentId: null }))}
        onClose={() => setOpen(false)}
        onConfirm={(users) => {
          onChange(users.filter((u) => u.popCode === 'user').map((u) => ({ id: u.id, name: u.realName || u.name })));
          setOpen(false);
        }}
      />
    </div>
  );
}
