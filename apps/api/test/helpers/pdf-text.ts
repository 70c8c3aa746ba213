import { PDFParse } from 'pdf-parse';

/** A PDF's text as a reader (pdf-parse) extracts it. */
export async function pdfText(data: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
