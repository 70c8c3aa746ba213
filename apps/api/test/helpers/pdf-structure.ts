import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A structure element that holds text, with the roles of the elements above it ('Table/TR/TD'). */
export interface TaggedText {
  role: string;
  path: string;
  text: string;
}

/** What a screen reader (here pdf.js, Firefox's reader) learns of a PDF's accessibility. */
export interface PdfAccessibility {
  marked: boolean;
  lang: string | null | undefined;
  title: string | undefined;
  displayDocTitle: boolean;
  /** Every structure element with text, page by page in the structure tree's (reading) order. */
  tags: TaggedText[];
  /** Every table row as its cells read, each `role: text` ('TH: Amount', 'TD: $357.50'). */
  rows: string[][];
  /** The alternative text of every figure. */
  figures: string[];
  /** Text drawn outside any marked content: neither tagged nor an artifact. */
  untagged: string[];
  /** Text marked as an artifact (page furniture a reader skips). */
  artifacts: string[];
  /** Every font the pages draw with, and whether the file carries it. */
  fonts: { name: string; embedded: boolean }[];
}

interface StructNode {
  role?: string;
  alt?: string;
  type?: string;
  id?: string;
  children?: StructNode[];
}

type TextItem = { str?: string; type?: string; id?: string | null; tag?: string };

export async function readPdfAccessibility(data: Buffer): Promise<PdfAccessibility> {
  const pdf = await getDocument({ data: new Uint8Array(data), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const info = (await pdf.getMetadata()).info as Record<string, unknown>;
    const preferences = (await pdf.getViewerPreferences()) as Record<string, unknown> | null;
    const result: PdfAccessibility = {
      marked: Boolean(((await pdf.getMarkInfo()) as { Marked?: boolean } | null)?.Marked),
      lang: info.Language as string | undefined,
      title: info.Title as string | undefined,
      displayDocTitle: preferences?.DisplayDocTitle === true,
      tags: [],
      rows: [],
      figures: [],
      untagged: [],
      artifacts: [],
      fonts: [],
    };
    const fonts = new Map<string, boolean>();
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      // The text of each marked-content sequence, by the id the structure tree refers to it with.
      const byId = new Map<string, string>();
      const open: { id: string | null; tag: string }[] = [];
      const content = await page.getTextContent({ includeMarkedContent: true });
      for (const item of content.items as TextItem[]) {
        if (item.type === 'beginMarkedContent' || item.type === 'beginMarkedContentProps')
          open.push({ id: item.id ?? null, tag: item.tag ?? '' });
        else if (item.type === 'endMarkedContent') open.pop();
        else if (item.str?.trim()) {
          const inner = open.at(-1);
          if (!inner) result.untagged.push(item.str);
          else if (open.some((m) => m.tag === 'Artifact')) result.artifacts.push(item.str);
          else if (inner.id) byId.set(inner.id, [byId.get(inner.id), item.str].filter(Boolean).join(' '));
        }
      }
      const textOf = (node: StructNode): string =>
        (node.children ?? [])
          .map((c) => (c.type === 'content' && c.id ? (byId.get(c.id) ?? '') : textOf(c)))
          .filter(Boolean)
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim();
      const walk = (node: StructNode, path: string[]) => {
        const role = node.role ?? '';
        if (role === 'TR')
          result.rows.push((node.children ?? []).map((cell) => `${cell.role}: ${textOf(cell)}`));
        if (role === 'Figure') result.figures.push(node.alt ?? '');
        const here = role === 'Root' ? path : [...path, role];
        const text = (node.children ?? [])
          .filter((c) => c.type === 'content' && c.id)
          .map((c) => byId.get(c.id!) ?? '')
          .filter(Boolean)
          .join(' ');
        if (text) result.tags.push({ role, path: here.join('/'), text: text.replace(/\s+/g, ' ').trim() });
        for (const child of node.children ?? []) if (child.role) walk(child, here);
      };
      const tree = (await page.getStructTree()) as StructNode | null;
      if (tree) walk(tree, []);

      const ops = await page.getOperatorList();
      ops.fnArray.forEach((fn, i) => {
        if (fn !== OPS.setFont) return;
        const id = (ops.argsArray[i] as [string])[0];
        const font = page.commonObjs.get(id) as { name: string; missingFile: boolean };
        fonts.set(font.name, !font.missingFile);
      });
    }
    result.fonts = [...fonts].map(([name, embedded]) => ({ name, embedded }));
    return result;
  } finally {
    await pdf.destroy();
  }
}
