import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';

/*
 * Office files of a known page count for the preview bench, grown from the small LibreOffice-made fixture of the
 * preview tests: every page a heading, a dozen paragraphs and a table, then a page break. The PDF is LibreOffice's
 * export of such a .docx (embedded CJK fonts, as real exported PDFs have).
 */
const FIXTURE = path.resolve('tests/fixtures/preview/leave.docx');
const PARAGRAPH =
  '各部门：根据公司制度，年休假申请须提前三个工作日提交审批。请各部门负责人统筹安排本部门人员的休假时间，确保工作衔接顺畅，' +
  '休假期间的待办事项应事先交接给代理人，并在系统中设置好代理关系。';

const para = (text: string, style = 'TextBody') =>
  `<w:p><w:pPr><w:pStyle w:val="${style}"/></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;

const cell = (text: string) =>
  `<w:tc><w:tcPr><w:tcW w:w="2400" w:type="dxa"/></w:tcPr>${para(text, 'TableContents')}</w:tc>`;

function pageXml(number: number, last: boolean): string {
  const rows = [['姓名', '天数', '部门']].concat(
    Array.from({ length: 4 }, (_, i) => [`员工${number}-${i + 1}`, String(i + 1), '综合办公室']),
  );
  const table =
    '<w:tbl><w:tblPr><w:tblW w:w="7200" w:type="dxa"/><w:tblBorders>' +
    ['top', 'left', 'bottom', 'right', 'insideH', 'insideV']
      .map((side) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="808080"/>`)
      .join('') +
    '</w:tblBorders></w:tblPr>' +
    rows.map((row) => `<w:tr>${row.map(cell).join('')}</w:tr>`).join('') +
    '</w:tbl>';
  return [
    para(`第${number}页：关于年休假安排的说明`, 'Heading1'),
    ...Array.from({ length: 8 }, (_, i) => para(`${i + 1}. ${PARAGRAPH}`)),
    table,
    last ? '' : '<w:p><w:r><w:br w:type="page"/></w:r></w:p>',
  ].join('');
}

/** A .docx of `pages` pages (each ends with a page break, so every renderer splits it the same way). */
export async function makeDocx(pages: number): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await readFile(FIXTURE));
  const original = await zip.file('word/document.xml')!.async('string');
  const section = /<w:sectPr>[\s\S]*<\/w:sectPr>/.exec(original)![0];
  const body = Array.from({ length: pages }, (_, i) => pageXml(i + 1, i === pages - 1)).join('');
  zip.file('word/document.xml', original.replace(/<w:body>[\s\S]*<\/w:body>/, `<w:body>${body}${section}</w:body>`));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The same document as a PDF of `pages` pages, exported by LibreOffice (soffice on the PATH). */
export async function makePdf(pages: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'oa-bench-pdf-'));
  try {
    const docx = path.join(dir, 'source.docx');
    await writeFile(docx, await makeDocx(pages));
    await promisify(execFile)(
      'soffice',
      [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, docx],
      { timeout: 120_000 },
    );
    return await readFile(path.join(dir, 'source.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
