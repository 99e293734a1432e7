/** Builds an .xlsx in memory (tests and the import benchmark): a header row, then the rows. Returns base64. */
export async function xlsxBase64(headers: readonly string[], rows: readonly (readonly unknown[])[]): Promise<string> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow([...headers]);
  for (const r of rows) ws.addRow([...r]);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}
