import { X12Parser, type X12Interchange } from 'node-x12';
import {
  detectInvoiceImportKind,
  findInvoiceTransactions,
  InvoiceReadError,
  mapX12Invoice,
  readInvoiceSheet,
  type Invoice,
  type InvoiceFormat,
  type X12Segment,
} from '@stockpot/domain';
import { readSheetRows } from '../../platform/documents/spreadsheet-reader';
import type { FastifyRequest } from 'fastify';
import { readMultipartForm } from '../../platform/documents/multipart-form';
import { badRequest } from '../../platform/errors';

/** The segments of every transaction set in the interchange, ST and SE included, as the domain reads them. */
function listSegments(interchanges: readonly X12Interchange[]): X12Segment[] {
  const segments: X12Segment[] = [];
  for (const interchange of interchanges)
    for (const group of interchange.functionalGroups)
      for (const transaction of group.transactions) {
        segments.push({ tag: 'ST', elements: transaction.header.elements.map((e) => e.value) });
        for (const segment of transaction.segments)
          segments.push({ tag: segment.tag, elements: segment.elements.map((e) => e.value) });
        segments.push({ tag: 'SE', elements: [] });
      }
  return segments;
}

/**
 * An X12 interchange read by node-x12 with the separators its ISA declares, mapped to our invoice
 * by the domain. One invoice per file: the answer is one result.
 */
function readX12Invoice(text: string): Invoice {
  let parsed: X12Interchange | X12Interchange[];
  try {
    parsed = new X12Parser().parse(text.replace(/^\uFEFF/, '').trimStart()) as X12Interchange | X12Interchange[];
  } catch (error) {
    throw new InvoiceReadError('not_an_invoice', `This file is not an X12 interchange we can read: ${(error as Error).message}`);
  }
  const transactions = findInvoiceTransactions(listSegments(Array.isArray(parsed) ? parsed : [parsed]));
  if (transactions.length > 1)
    throw new InvoiceReadError('invalid_invoice', `This file holds ${transactions.length} invoices: send one invoice per file.`);
  return mapX12Invoice(transactions[0]);
}

/** The uploaded file as our invoice, or a 400 on the field file saying what is wrong with it. */
export async function readInvoiceFile(bytes: Buffer, kind: InvoiceFormat): Promise<Invoice> {
  try {
    if (kind === 'x12-810') return readX12Invoice(bytes.toString('utf8'));
    return readInvoiceSheet(await readSheetRows(bytes, kind));
  } catch (error) {
    if (error instanceof InvoiceReadError)
      throw badRequest(error.message, error.code, [{ field: 'file', message: error.message }]);
    // exceljs refusing a damaged workbook is the file's fault, not ours.
    if (kind === 'xlsx')
      throw badRequest('This spreadsheet could not be read: save it again as .xlsx or .csv.', 'not_an_invoice');
    throw error;
  }
}

/** The invoice file of an import form (one invoice, or one file of a batch), checked by content and size. */
export function readInvoiceUpload(request: FastifyRequest) {
  return readMultipartForm(
    request,
    detectInvoiceImportKind,
    {
      notMultipart: 'Send the invoice as multipart/form-data with the file in the field file.',
      tooLarge: 'The invoice file is too large: 24 MB at most.',
      wrongType: 'This file is not an invoice we can read: send an X12 810 (.edi, .x12, .txt), a .csv or an .xlsx file.',
      empty: 'The invoice file is empty.',
    },
    'invoice',
  );
}
