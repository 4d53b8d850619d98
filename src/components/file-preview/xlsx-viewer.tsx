import { useEffect, useState } from 'react';
import { Tabs } from 'antd-mobile';
import readExcelFile, { type Sheet } from 'read-excel-file/universal';

/** A phone cannot usefully show more; the rest is in the file 下载 gives. */
const ROW_LIMIT = 500;

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toLocaleDateString('zh-CN');
  return String(value);
};

function SheetTable({ sheet }: { sheet: Sheet }) {
  const rows = sheet.data.slice(0, ROW_LIMIT);
  if (!rows.length) return <p className="file-preview-message">该工作表为空</p>;
  return (
    <div className="file-preview-sheet">
      <table aria-label={sheet.sheet}>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => (
                <td key={c}>{cellText(cell)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {sheet.data.length > ROW_LIMIT && (
        <p className="file-preview-message">仅显示前 {ROW_LIMIT} 行，完整内容请下载后查看</p>
      )}
    </div>
  );
}

/** An .xlsx read in the browser (read-excel-file): every sheet is a tab; values only, formulas as their results. */
export function XlsxViewer({ data }: { data: Blob }) {
  const [sheets, setSheets] = useState<Sheet[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    readExcelFile(data).then(
      (read) => live && setSheets(read),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [data]);

  if (failed) return <p className="file-preview-message">Excel 文件已损坏或无法解析，请下载后查看</p>;
  if (!sheets) return <p className="file-preview-message">正在解析...</p>;
  return (
    <Tabs className="file-preview-xlsx">
      {sheets.map((sheet) => (
        <Tabs.Tab key={sheet.sheet} title={sheet.sheet}>
          <SheetTable sheet={sheet} />
        </Tabs.Tab>
      ))}
    </Tabs>
  );
}
