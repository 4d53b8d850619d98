/** A contact as a vCard 3.0 card (RFC 2426): what phones import into their own address book. */
export interface VCardPerson {
  name: string;
  mobile?: string | null;
  email?: string | null;
  org?: string | null;
  title?: string | null;
}

// backslash, comma, semicolon and line breaks must be escaped inside a value
const escape = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/\n|\r\n?/g, '\\n')
    .replace(/([,;])/g, '\\$1');

export function buildVCard(person: VCardPerson): string {
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${escape(person.name)}`, `N:${escape(person.name)};;;;`];
  if (person.org)
    lines.push(
      `ORG:${person.org
        .split(/\s*\/\s*/)
        .map(escape)
        .join(';')}`,
    );
  if (person.title) lines.push(`TITLE:${escape(person.title)}`);
  if (person.mobile) lines.push(`TEL;TYPE=CELL:${escape(person.mobile)}`);
  if (person.email) lines.push(`EMAIL;TYPE=INTERNET:${escape(person.email)}`);
  lines.push('END:VCARD');
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves the card as <name>.vcf through a temporary link (the phone offers to add it to its contacts). */
export function downloadVCard(person: VCardPerson): void {
  const url = URL.createObjectURL(new Blob([buildVCard(person)], { type: 'text/vcard;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${person.name.replace(/[\\/:*?"<>|]/g, '_')}.vcf`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
