import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as fontkit from 'fontkit';

/**
 * The names documents use with `doc.font(...)`. Every face is embedded (subset) in every PDF: Noto Sans,
 * so names with accents, Greek or Cyrillic letters print as typed on any viewer, and Courier Prime for
 * the PIN, drawn with Courier's metrics as the standard Courier-Bold was. The 14 standard PDF fonts
 * (Helvetica, Courier) cover only Latin-1 and are not embedded, which tagged, accessible PDFs refuse.
 *
 * The names are the faces' PostScript names on purpose: pdfkit files the default font under that name,
 * so `doc.font(PDF_FONT.regular)` finds it; under any other name pdfkit re-opens the face and compares
 * the two on every call, which took a third of the render time.
 */
export const PDF_FONT = {
  regular: 'NotoSans-Regular',
  bold: 'NotoSans-Bold',
  monoBold: 'CourierPrime-Bold',
} as const;

const require = createRequire(import.meta.url);

function parse(create: typeof fontkit.create, file: string, name: string): fontkit.Font {
  const font = create(readFileSync(require.resolve(`@expo-google-fonts/${file}`)));
  if (!('layout' in font) || font.postscriptName !== name)
    throw new Error(`${file} is not the single face ${name}`);
  return withSharedShaping(font);
}

const SHAPED_WORDS_KEPT = 20_000;

/** What pdfkit reads of a fontkit GlyphRun; `advanceWidth` follows the positions, as in fontkit. */
class ShapedRun {
  constructor(
    readonly glyphs: fontkit.Glyph[],
    readonly positions: fontkit.GlyphPosition[],
  ) {}
  get advanceWidth(): number {
    return this.positions.reduce((sum, p) => sum + p.xAdvance, 0);
  }
}

/**
 * The face with one shaping cache for every document. pdfkit shapes text word by word (kerning, marks),
 * which was half of a render, and keeps what it shaped only for one document, while invoices repeat the
 * same words. pdfkit scales the positions it is given in place, so each call gets its own copy.
 */
function withSharedShaping(font: fontkit.Font): fontkit.Font {
  const shaped = new Map<string, fontkit.GlyphRun>();
  const face = Object.create(font) as fontkit.Font;
  face.layout = (text, features, ...rest) => {
    if (features || rest.length) return font.layout(text, features, ...rest);
    let run = shaped.get(text);
    if (!run) {
      if (shaped.size >= SHAPED_WORDS_KEPT) shaped.clear();
      run = font.layout(text);
      shaped.set(text, run);
    }
    // Plain objects of one shape: pdfkit walks their keys with for...in.
    const positions = run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
      xAdvance,
      yAdvance,
      xOffset,
      yOffset,
    }));
    return new ShapedRun(run.glyphs, positions as fontkit.GlyphPosition[]) as unknown as fontkit.GlyphRun;
  };
  return face;
}

export interface PdfFaces {
  regular: fontkit.Font;
  bold: fontkit.Font;
  monoBold: fontkit.Font;
}

let faces: Promise<PdfFaces> | undefined;

/**
 * The parsed faces, read once per process: parsing the 630 kB TTFs for each PDF cost about ten times
 * the rest of the render, and a parsed font keeps its glyph cache from one document to the next.
 * fontkit loads with the first PDF, not with every process.
 */
export function loadPdfFaces(): Promise<PdfFaces> {
  faces ??= import('fontkit').then(({ create }) => ({
    regular: parse(create, 'noto-sans/400Regular/NotoSans_400Regular.ttf', PDF_FONT.regular),
    bold: parse(create, 'noto-sans/700Bold/NotoSans_700Bold.ttf', PDF_FONT.bold),
    monoBold: parse(create, 'courier-prime/700Bold/CourierPrime_700Bold.ttf', PDF_FONT.monoBold),
  }));
  return faces;
}

// pdfkit takes a parsed fontkit font wherever it takes a file; its typings list only files and buffers.
const asSource = (font: fontkit.Font) => font as unknown as string;

/**
 * Options for `new PDFDocument`: Noto Sans as the default font, which also spares loading Helvetica's
 * metrics (pdfkit's default) for every PDF.
 */
export const pdfFontOptions = (faces: PdfFaces): { font: string } => ({ font: asSource(faces.regular) });

export function registerPdfFonts(doc: PDFKit.PDFDocument, { regular, bold, monoBold }: PdfFaces): void {
  doc.registerFont(PDF_FONT.regular, asSource(regular));
  doc.registerFont(PDF_FONT.bold, asSource(bold));
  doc.registerFont(PDF_FONT.monoBold, asSource(monoBold));
}
