import { useState } from 'react';
import type { SelectorNode } from '@contract/upms';

/** What a comment box needs for @提及: who is still named, and the picker's state and handlers. */
export interface Mentions {
  /** the people picked whose @name is still in the words: only they are sent (and reminded) */
  named: SelectorNode[];
  mentionIds: string[];
  picking: boolean;
  openPicker: () => void;
  closePicker: () => void;
  /** the picker's confirm: each new person's @name goes at the end of the words */
  handlePicked: (people: SelectorNode[]) => void;
  /** after sending: nobody is mentioned any more */
  reset: () => void;
}

/**
 * @提及 in a comment box (审批 and 资讯 alike): the organisation picker puts @name into the words through `edit`, and a
 * name taken out of the words is no longer mentioned, so what is sent is what the writer sees.
 */
export function useMentions(text: string, edit: (next: string) => void): Mentions {
  const [mentions, setMentions] = useState<SelectorNode[]>([]);
  const [picking, setPicking] = useState(false);
  const named = mentions.filter((p) => text.includes(`@${p.realName}`));
  const handlePicked = (people: SelectorNode[]) => {
    setPicking(false);
    const added = people.filter((p) => !named.some((m) => m.id === p.id));
    if (added.length === 0) return;
    setMentions([...named, ...added]);
    const words = text && !/\s$/.test(text) ? `${text} ` : text;
    edit(`${words}${added.map((p) => `@${p.realName} `).join('')}`);
  };
  return {
    named,
    mentionIds: named.map((p) => p.id),
    picking,
    openPicker: () => setPicking(true),
    closePicker: () => setPicking(false),
    handlePicked,
    reset: () => setMentions([]),
  };
}
