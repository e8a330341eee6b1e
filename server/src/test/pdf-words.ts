import { execFileSync } from 'node:child_process';

type Word = { word: string; xMin: number; yMin: number; xMax: number; yMax: number };

/** The first page's size and words with their boxes (poppler's pdftotext -bbox). */
function firstPage(pdf: Buffer): { height: number; words: Word[] } {
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', '-', '-'], { input: pdf, encoding: 'utf8' });
  const words = [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
    (m) => ({
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
      word: m[5]!,
    }),
  );
  return { height: Number(/<page width="[\d.]+" height="([\d.]+)">/.exec(html)?.[1]), words };
}

/** The words of a PDF's first page and their boxes. */
export function pdfWords(pdf: Buffer): Word[] {
  return firstPage(pdf).words;
}

/** Two words drawn over each other (their boxes cross by more than a hair). */
export function overlappingWords(pdf: Buffer): string[] {
  const words = pdfWords(pdf);
  const found: string[] = [];
  words.forEach((a, i) =>
    words.slice(i + 1).forEach((b) => {
      const x = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const y = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (x > 0.5 && y > 1) found.push(`${a.word} / ${b.word}`);
    }),
  );
  return found;
}

/** Words of the first page printed past its bottom edge (a ticket's paper measured too short). */
export function wordsPastPage(pdf: Buffer): string[] {
  const page = firstPage(pdf);
  return page.words.filter((w) => !(w.yMax <= page.height)).map((w) => w.word);
}
