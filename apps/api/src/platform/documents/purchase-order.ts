import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { defuseFormulaText, formatMoney, MARKET_PRICE_LINE_TEXT, toDecimalString } from '@stockpot/domain';

/** Everything a purchase order shows, money in cents. */
export interface PurchaseOrderData {
  orderId: number;
  /** MM/DD/YYYY in the location's time zone. */
  orderDate: string;
  placedBy: string;
  placedByEmail: string;
  location: { name: string; address: string; cityLine: string; phone: string };
  distributor: string;
  customerNumber: string;
  /** MM/DD/YYYY */
  deliveryDate: string;
  deliveryTime: string;
  paymentType: 'terms' | 'card';
  notes: string;
  lines: PurchaseOrderLine[];
  totalItemsPrice: number;
  total: number;
  totalRebates: number;
}

export interface PurchaseOrderLine {
  din: string;
  description: string;
  brand: string;
  packSize: string;
  unitMeasure: string;
  quantity: number;
  /** Price per unit of sale, cents. */
  price: number;
  isMarketPrice: boolean;
  isSpecial: boolean;
  /** What the line counts for, cents (getOrderLineItemAmount): 0 for market-price and special lines. */
  lineTotal: number;
  /** The line's amount as it reads ("≈ $482.58, about 31.5 lb", "Market price"); "—" for a special request. */
  amountText: string;
  /** The amount is known exactly (not an estimate, not unknown). */
  isExactAmount: boolean;
}

export const PDF_CONTENT_TYPE = 'application/pdf';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What a line's price cell reads: Market price, TBD for a special request, else money per unit measure. */
function describePrice(line: PurchaseOrderLine): string {
  if (line.isSpecial) return 'TBD';
  if (line.isMarketPrice) return MARKET_PRICE_LINE_TEXT;
  return formatMoney(line.price);
}

function describeLineTotal(line: PurchaseOrderLine): string {
  return line.isSpecial ? '—' : line.amountText;
}

const paymentLabel = (type: 'terms' | 'card') => (type === 'card' ? 'Card (authorized at order)' : 'Payment terms');

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
  value: (line: PurchaseOrderLine) => string;
}

const PDF_COLUMNS: Column[] = [
  { label: 'Item #', width: 62, align: 'left', value: (l) => l.din || (l.isSpecial ? 'Special' : '') },
  {
    label: 'Description',
    width: 170,
    align: 'left',
    value: (l) => (l.isSpecial ? `${l.description} (special request)` : l.description),
  },
  { label: 'Brand', width: 70, align: 'left', value: (l) => l.brand },
  { label: 'Pack', width: 58, align: 'left', value: (l) => l.packSize },
  { label: 'Qty', width: 30, align: 'right', value: (l) => String(l.quantity) },
  { label: 'Unit', width: 30, align: 'left', value: (l) => l.unitMeasure },
  { label: 'Price', width: 46, align: 'right', value: describePrice },
  // The PDF's standard Helvetica has no '≈' (WinAnsi encoding): the estimate says "approx." there.
  { label: 'Total', width: 46, align: 'right', value: (l) => describeLineTotal(l).replace('≈', 'approx.') },
];

/** The purchase order as a PDF (Letter, Helvetica), paginated with the column headings repeated. */
export function renderPurchaseOrderPdf(po: PurchaseOrderData, createdAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 40,
    info: { Title: `Purchase order ${po.orderId}`, Author: 'Stockpot', CreationDate: createdAt },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc.font('Helvetica-Bold').fontSize(18).text('PURCHASE ORDER', left, 40);
  doc.font('Helvetica').fontSize(10).text(`PO # ${po.orderId}    Order date ${po.orderDate}`);
  doc.moveDown();

  const blockTop = doc.y;
  doc.font('Helvetica-Bold').text('Ship to', left, blockTop);
  doc.font('Helvetica').text(po.location.name).text(po.location.address).text(po.location.cityLine).text(po.location.phone);
  doc.text(`Ordered by ${po.placedBy} <${po.placedByEmail}>`);
  const leftBottom = doc.y;
  const right = left + 290;
  doc.font('Helvetica-Bold').text('Vendor', right, blockTop);
  doc
    .font('Helvetica')
    .text(po.distributor, right)
    .text(`Customer # ${po.customerNumber || '—'}`, right);
  doc.text(`Delivery ${po.deliveryDate}${po.deliveryTime ? `, ${po.deliveryTime}` : ''}`, right);
  doc.text(paymentLabel(po.paymentType), right);
  doc.y = Math.max(leftBottom, doc.y) + 8;
  if (po.notes) {
    doc.font('Helvetica-Bold').text('Notes', left).font('Helvetica').text(po.notes, left, undefined, { width: 512 });
    doc.moveDown(0.5);
  }

  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: PDF_COLUMNS[i].width - 4 }));
    const height = Math.max(...heights) + 4;
    if (doc.y + height > bottom()) {
      doc.addPage();
      if (!bold)
        drawRow(
          PDF_COLUMNS.map((c) => c.label),
          true,
        );
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    }
    const top = doc.y;
    let x = left;
    cells.forEach((cell, i) => {
      doc.text(cell, x, top, { width: PDF_COLUMNS[i].width - 4, align: PDF_COLUMNS[i].align });
      x += PDF_COLUMNS[i].width;
    });
    doc.y = top + height;
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(x, doc.y - 2)
      .lineWidth(bold ? 0.8 : 0.3)
      .stroke();
  };

  drawRow(
    PDF_COLUMNS.map((c) => c.label),
    true,
  );
  for (const line of po.lines)
    drawRow(
      PDF_COLUMNS.map((c) => c.value(line)),
      false,
    );

  doc.moveDown();
  doc.font('Helvetica').fontSize(10);
  const totals: [string, string][] = [
    ['Items', formatMoney(po.totalItemsPrice)],
    ['Total', formatMoney(po.total)],
  ];
  if (po.totalRebates > 0) totals.push(['Rebates earned', formatMoney(po.totalRebates)]);
  for (const [label, value] of totals) {
    if (doc.y + 14 > bottom()) doc.addPage();
    const top = doc.y;
    doc.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica').text(label, left + 300, top, { width: 110 });
    doc.text(value, left + 410, top, { width: 102, align: 'right' });
  }
  if (po.lines.some((l) => l.isMarketPrice || l.isSpecial || !l.isExactAmount)) {
    doc.moveDown().font('Helvetica').fontSize(8);
    doc.text(PO_TOTAL_NOTE.replace('≈', 'approx.'), left);
  }
  doc.end();
  return finished;
}

const PO_TOTAL_NOTE =
  'Market-price and special-request (TBD) lines are priced by the distributor and not included in the total; ' +
  'catch-weight lines (≈) count an estimate at the average case weight.';

/** Dollars as a spreadsheet number: exact decimal text read once, for display only. */
const toSheetMoney = (cents: number) => Number(toDecimalString(cents, 2));

/** The purchase order as an Excel workbook: a header block, then one row per line. */
export async function renderPurchaseOrderXlsx(po: PurchaseOrderData, createdAt: Date): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Stockpot';
  workbook.created = createdAt;
  workbook.modified = createdAt;
  const sheet = workbook.addWorksheet('Purchase Order');
  sheet.columns = [
    { key: 'din', width: 14 },
    { key: 'description', width: 44 },
    { key: 'brand', width: 18 },
    { key: 'packSize', width: 12 },
    { key: 'quantity', width: 8 },
    { key: 'unitMeasure', width: 8 },
    { key: 'price', width: 12 },
    { key: 'lineTotal', width: 12 },
  ];
  const header: [string, string][] = [
    ['Purchase order', String(po.orderId)],
    ['Order date', po.orderDate],
    ['Vendor', po.distributor],
    ['Customer #', po.customerNumber],
    ['Ship to', `${po.location.name}, ${po.location.address}, ${po.location.cityLine}`],
    ['Phone', po.location.phone],
    ['Ordered by', `${po.placedBy} <${po.placedByEmail}>`],
    ['Delivery', `${po.deliveryDate}${po.deliveryTime ? `, ${po.deliveryTime}` : ''}`],
    ['Payment', paymentLabel(po.paymentType)],
    ['Notes', po.notes],
  ];
  for (const [label, value] of header) {
    const row = sheet.addRow([label, defuseFormulaText(value)]);
    row.getCell(1).font = { bold: true };
  }
  sheet.addRow([]);
  const headings = sheet.addRow(['Item #', 'Description', 'Brand', 'Pack', 'Qty', 'Unit', 'Price', 'Total']);
  headings.font = { bold: true };
  const moneyFormat = '$#,##0.00';
  for (const line of po.lines) {
    const isUnpriced = line.isSpecial || line.isMarketPrice;
    const row = sheet.addRow([
      defuseFormulaText(line.din),
      defuseFormulaText(line.isSpecial ? `${line.description} (special request)` : line.description),
      defuseFormulaText(line.brand),
      defuseFormulaText(line.packSize),
      line.quantity,
      defuseFormulaText(line.unitMeasure),
      isUnpriced ? describePrice(line) : toSheetMoney(line.price),
      line.isSpecial ? null : line.isExactAmount ? toSheetMoney(line.lineTotal) : line.amountText,
    ]);
    row.getCell(7).numFmt = moneyFormat;
    row.getCell(8).numFmt = moneyFormat;
  }
  sheet.addRow([]);
  const totalRow = sheet.addRow(['', '', '', '', '', '', 'Total', toSheetMoney(po.total)]);
  totalRow.font = { bold: true };
  totalRow.getCell(8).numFmt = moneyFormat;
  if (po.totalRebates > 0) {
    const rebates = sheet.addRow(['', '', '', '', '', '', 'Rebates earned', toSheetMoney(po.totalRebates)]);
    rebates.getCell(8).numFmt = moneyFormat;
  }
  // Stored, not deflated: every order makes one, and jszip's pure-JS deflate set-up for the file's
  // dozen parts was two thirds of its cost (4.2 → 1.5 ms of CPU for 22 KB instead of 7 KB,
  // docs/performance.md stop 67); an e-mail attachment of that size is nothing to the distributor.
  return Buffer.from(await workbook.xlsx.writeBuffer({ zip: { compression: 'STORE' } }));
}
