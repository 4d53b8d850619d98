import { describe, expect, it } from 'vitest';
import { buildVCard } from '@/features/addressbook/vcard';

describe('名片 vCard export', () => {
  it('writes a vCard 3.0 card a phone can import: name, organisation levels, post, mobile, e-mail', () => {
    const card = buildVCard({
      name: '李四',
      mobile: '13800000002',
      email: 'lisi@example.com',
      org: '华晟控股集团 / 综合管理部',
      title: '部门经理',
    });
    expect(card.split('\r\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:李四',
      'N:李四;;;;',
      'ORG:华晟控股集团;综合管理部',
      'TITLE:部门经理',
      'TEL;TYPE=CELL:13800000002',
      'EMAIL;TYPE=INTERNET:lisi@example.com',
      'END:VCARD',
      '',
    ]);
  });

  it('escapes separators and line breaks so a value cannot add its own lines', () => {
    const card = buildVCard({ name: '张,三;\nEND:VCARD', mobile: null });
    expect(card).toContain('FN:张\\,三\\;\\nEND:VCARD\r\n');
    expect(card.match(/^END:VCARD/gm)).toHaveLength(1);
    expect(card).not.toContain('TEL');
  });
});
