import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import { createWorker, type Worker } from 'tesseract.js';
import type { InvoiceFileType } from '@stockpot/domain';

/**
 * Tesseract (tesseract.js with @tesseract.js-data/eng) and pdfjs-dist, on this machine only: the
 * English data is read from the npm package (langPath a folder, not a URL; cacheMethod 'none' so
 * nothing is written or fetched), and pdfjs gets its standard fonts from its own package.
 */

const require = createRequire(import.meta.url);
const ENGLISH = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));

/** Longest side an image is read at: phone photos are scaled down (text stays legible, Tesseract stays quick). */
const MAX_SIDE = 2200;
/** A PDF invoice is read on its first pages only; totals sit on page one or two. */
const MAX_PDF_PAGES = 3;
const PDF_SCALE = 2;
/** How long closing waits for a reading under way before it stops Tesseract anyway. */
const CLOSE_WAIT_MS = 30_000;

/** Thrown by a read after close(): the job is left to be retried by the next process, not marked failed. */
export class OcrEngineClosedError extends Error {
  constructor() {
    super('The OCR engine is closed (server shutting down).');
  }
}

export type OcrProgress = (fraction: number) => void;

export interface OcrEngine {
  /** The text of an invoice image or PDF; progress reports 0..1 while reading. */
  read(data: Buffer, type: InvoiceFileType, onProgress: OcrProgress): Promise<string>;
  close(): Promise<void>;
}

async function toPngPages(data: Buffer, type: InvoiceFileType): Promise<Buffer[]> {
  if (type === 'application/pdf') return renderPdfPages(data);
  const image = await loadImage(data);
  const scale = Math.min(1, MAX_SIDE / Math.max(image.width, image.height));
  if (scale === 1) return [data];
  const canvas = createCanvas(Math.round(image.width * scale), Math.round(image.height * scale));
  canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
  return [canvas.toBuffer('image/png')];
}

async function renderPdfPages(data: Buffer): Promise<Buffer[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(data),
    standardFontDataUrl: `${path.join(PDFJS_DIR, 'standard_fonts')}/`,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  }).promise;
  try {
    const pages: Buffer[] = [];
    for (let number = 1; number <= Math.min(document.numPages, MAX_PDF_PAGES); number++) {
      const page = await document.getPage(number);
      type RenderParameters = Parameters<typeof page.render>[0];
      const viewport = page.getViewport({ scale: PDF_SCALE });
      const canvas: Canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvasContext: context as unknown as RenderParameters['canvasContext'], viewport }).promise;
      pages.push(canvas.toBuffer('image/png'));
      page.cleanup();
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/**
 * One Tesseract worker for the process, made on first use and kept: loading the English model
 * takes seconds, reading a page about as long. Jobs of one queue run one at a time, so the progress
 * callback belongs to the job under way.
 */
export function createOcrEngine(): OcrEngine {
  let worker: Promise<Worker> | null = null;
  let report: (progress: number) => void = () => undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  let isClosed = false;
  const getWorker = () =>
    (worker ??= createWorker('eng', 1, {
      langPath: ENGLISH.langPath,
      gzip: ENGLISH.gzip,
      cacheMethod: 'none',
      logger: (message: { status: string; progress: number }) => {
        if (message.status === 'recognizing text') report(message.progress);
      },
    }).catch((error: unknown) => {
      worker = null; // the next job tries again
      throw error;
    }));
  const readPages = async (data: Buffer, type: InvoiceFileType, onProgress: OcrProgress) => {
    const pages = await toPngPages(data, type);
    const tesseract = await getWorker();
    const texts: string[] = [];
    for (const [index, page] of pages.entries()) {
      report = (fraction) => onProgress((index + fraction) / pages.length);
      texts.push((await tesseract.recognize(page)).data.text);
    }
    report = () => undefined;
    return texts.join('\n');
  };
  return {
    read(data, type, onProgress) {
      if (isClosed) return Promise.reject(new OcrEngineClosedError());
      const reading = readPages(data, type, onProgress);
      inFlight = reading.catch(() => undefined);
      return reading;
    },
    async close() {
      isClosed = true;
      // The app closes its features before the job queue: let a reading under way finish (bounded) first.
      await Promise.race([inFlight, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
      const current = worker;
      worker = null;
      if (current) await (await current).terminate();
    },
  };
}
