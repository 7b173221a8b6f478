import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Config } from '../../config';
import type { Database, orders } from '@stockpot/db';
import { buildOffer, buildOrder } from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import { expect } from 'vitest';
import {
  getInvoiceLineAmount,
  printX12Invoice,
  type Invoice,
  type InvoiceImportResult,
  type InvoicesWaiting,
} from '@stockpot/domain';
import { multipartForm } from '../../test-support/multipart';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

/** The scenes and files the invoices API tests share (issue 36): one way to build each, not one per test file. */

/** An invoice line as the tests write it: item number, UPC, quantity, unit price in 1/10,000 $. */
export type InvoiceLineSpec = readonly [itemNumber: string | null, upc: string | null, quantity: string, unitPrice: number];

/** An invoice of our model, each line's amount and the total computed by the domain's own rule. */
export function invoiceOf(
  invoiceNumber: string,
  poNumber: string | null,
  lines: readonly InvoiceLineSpec[],
  { invoiceDate = '2026-11-20', terms = null }: { invoiceDate?: string; terms?: Invoice['terms'] } = {},
): Invoice {
  const built = lines.map(([itemNumber, upc, quantity, unitPrice], i) => ({
    lineNumber: i + 1,
    itemNumber,
    upc,
    description: `Line ${i + 1}`,
    quantity,
    unitCode: 'CA',
    unitPrice,
    amount: getInvoiceLineAmount(quantity, unitPrice),
  }));
  return {
    invoiceNumber,
    invoiceDate,
    poNumber,
    poDate: null,
    terms,
    lines: built,
    total: built.reduce((sum, line) => sum + line.amount, 0),
  };
}

/** The invoice as an X12 810, one segment a line, as distributors' systems send them. */
export const x12Of = (invoice: Invoice): string => printX12Invoice(invoice, { lineBreak: '\n' });

/** A PNG of a few lines of large black text, as a phone photo of a printed invoice reads at best. */
export function drawInvoicePng(lines: readonly string[]): Buffer {
  const canvas = createCanvas(1000, 70 + lines.length * 56);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  context.font = '34px sans-serif';
  lines.forEach((line, index) => context.fillText(line, 30, 60 + index * 56));
  return canvas.toBuffer('image/png');
}

/** A new distributor's offer at `price` (dollars) and an order of `quantity` cases of it (submitted, at Harbor Grill, unless told). */
export async function buildOneLineOrder(
  db: Database,
  {
    quantity,
    price,
    locationId = DEMO_IDS.locations.harborGrill,
    itemName,
    din,
    status = 'submitted',
  }: {
    quantity: number;
    price: string;
    locationId?: number;
    itemName?: string;
    din?: string;
    status?: (typeof orders.$inferSelect)['status'];
  },
) {
  const offer = await buildOffer(db, {
    locationId,
    ...(itemName ? { item: { name: itemName } } : {}),
    offer: { price, ...(din ? { din } : {}) },
  });
  const order = await buildOrder(db, {
    locationId,
    distributorId: offer.distributorId,
    lines: [{ offer, quantity }],
    order: { status },
  });
  return { offer, order };
}

/** A test app signed in as the demo owner, storing files in a folder of its own (removed on close). */
export async function startInvoiceApp(
  overrides: Partial<Config> = {},
): Promise<{ t: TestApp; owner: string; filesDir: string; close: () => Promise<void> }> {
  const filesDir = mkdtempSync(path.join(tmpdir(), 'stockpot-invoices-'));
  const t = await createTestApp({ FILES_DIR: filesDir, ...overrides });
  const owner = await signInAs(t.app, 'owner@demo.test');
  return {
    t,
    owner,
    filesDir,
    close: async () => {
      await t.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** A real SMTP client (nodemailer) sending to the app's listener, as a distributor's mail server would. */
export function sendMail(t: TestApp, mail: Mail.Options) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: t.app.invoiceMailPort()!,
    secure: false,
    ignoreTLS: true,
  });
  return transport.sendMail(mail);
}

/** POST invoices/import with one file (and form fields), as the Import Invoice form sends it. */
export function importInvoiceFile(
  t: TestApp,
  token: string,
  file: { name: string; content: string | Buffer },
  fields: Record<string, string> = {},
) {
  const body = multipartForm(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/invoices/import',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** POST invoices/import, expected to answer 200: the import's result. */
export async function importInvoiceOk(
  t: TestApp,
  token: string,
  file: { name: string; content: string | Buffer },
  fields: Record<string, string> = {},
): Promise<InvoiceImportResult> {
  const response = await importInvoiceFile(t, token, file, fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as InvoiceImportResult;
}

/** GET invoices/waiting, expected to answer 200. */
export async function getWaitingInvoices(t: TestApp, token: string): Promise<InvoicesWaiting> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/invoices/waiting', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as InvoicesWaiting;
}

/** POST orders/{id}/invoices-images with one file, as the receive screen's camera button sends it. */
export function uploadInvoicePhoto(t: TestApp, token: string, orderId: number, data: Buffer, fileName = 'invoice.png') {
  const boundary = `----invoice${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/invoices-images`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}
