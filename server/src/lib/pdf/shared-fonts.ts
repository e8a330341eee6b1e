/**
 * Standard-font metrics shared between documents (issue 11, invoice PDF <= 20 ms).
 *
 * pdfkit 0.20 gives every document its own `StandardFont` per font it uses, and each one builds a
 * new `AFMFont` from the font's data: a table of ~315 glyph widths and one of ~2,700 kerning pairs
 * with string keys. For Helvetica and Helvetica-Bold that was a third of the CPU of drawing an
 * invoice. The `AFMFont` is never changed once built (widths and kerning pairs are only read), so
 * it is built once per font per process here: pdfkit's `font()` is wrapped so that, before pdfkit
 * looks a standard font up in the document's font cache, the cache is given a new `StandardFont`
 * of the document (its own id, the same `F<n>` pdfkit would give, and its own PDF object, made by
 * pdfkit when the font is first used) on the shared metrics. pdfkit's own code then takes it from
 * the cache, so the documents are byte for byte the ones pdfkit alone makes.
 *
 * It relies on pdfkit internals (`_fontFamilies`, `_fontCount`, `_registeredFonts`, the fields of
 * `StandardFont`): each is checked on the first font pdfkit makes itself, and when anything is not
 * as expected the wrapper leaves pdfkit alone (every document then builds its own metrics, as
 * before). The test (shared-fonts.test.ts) fails when documents stop sharing them.
 */

/** The fields pdfkit 0.20's `StandardFont` constructor sets, in its order. */
const FIELDS = ['document', 'name', 'id', 'font', 'ascender', 'descender', 'bbox', 'lineGap', 'xHeight', 'capHeight'] as const;
/** The fields copied to a document's own font: all but its document and id. */
const SHARED_FIELDS = FIELDS.filter((field) => field !== 'document' && field !== 'id');

type FontObject = Record<string, unknown>;
type DocInternals = {
  _fontFamilies?: Record<string, FontObject | undefined>;
  _fontCount?: unknown;
  _registeredFonts?: Record<string, unknown>;
  _font?: FontObject | null;
};
type FontMethod = (this: DocInternals, src?: unknown, family?: unknown, size?: unknown) => unknown;

/** A standard font as pdfkit built it once: its prototype and fields, without its document. */
type Template = { prototype: object; fields: Record<string, unknown> };

const templates = new Map<string, Template>();
let enabled = true;
const patched = new WeakSet<object>();

/** Tests only: draw the way pdfkit alone does (every document builds its own metrics). */
export function setFontSharing(on: boolean): void {
  enabled = on;
}

/** The standard fonts whose metrics are built and shared so far (tests). */
export const sharedFontNames = (): string[] => [...templates.keys()];

/** A font pdfkit just made for `doc`, if it is a standard font of the expected shape. */
function templateOf(doc: DocInternals, font: FontObject | null | undefined, name: string): Template | undefined {
  if (!font || font.document !== doc || font.name !== name || typeof font.id !== 'string') return undefined;
  const keys = Object.keys(font);
  if (keys.length !== FIELDS.length || !FIELDS.every((field) => keys.includes(field))) return undefined;
  const metrics = font.font as { glyphWidths?: unknown; kernPairs?: unknown } | null;
  if (!metrics || typeof metrics.glyphWidths !== 'object' || typeof metrics.kernPairs !== 'object') return undefined;
  const fields: Record<string, unknown> = {};
  for (const field of SHARED_FIELDS) fields[field] = font[field];
  return { prototype: Object.getPrototypeOf(font) as object, fields };
}

/**
 * Wraps `PDFDocument.prototype.font` of this pdfkit (once; a no-op when the method is not there).
 * Returns the class, for `loaded ??= shareStandardFonts(require('pdfkit'))`.
 */
export function shareStandardFonts<T extends { prototype: object }>(PDFDocument: T): T {
  const proto = PDFDocument.prototype as { font?: FontMethod };
  const stock = proto.font;
  if (typeof stock !== 'function' || patched.has(proto)) return PDFDocument;
  patched.add(proto);
  proto.font = function font(this: DocInternals, src?: unknown, family?: unknown, size?: unknown) {
    const families = this._fontFamilies;
    // pdfkit's cache key is `family || src`: only a plain font name (no family, or a size in its place).
    const plain =
      enabled &&
      typeof src === 'string' &&
      (family == null || typeof family === 'number') &&
      families !== undefined &&
      typeof this._fontCount === 'number' &&
      this._registeredFonts !== undefined &&
      this._registeredFonts[src] === undefined;
    if (!plain || families[src] !== undefined) return stock.call(this, src, family, size);
    const template = templates.get(src);
    if (template) {
      // The id pdfkit would give it: `F${++this._fontCount}`.
      const id = `F${(this._fontCount = (this._fontCount as number) + 1)}`;
      const own = Object.create(template.prototype) as FontObject;
      for (const field of FIELDS) own[field] = field === 'document' ? this : field === 'id' ? id : template.fields[field];
      families[src] = own;
      return stock.call(this, src, family, size);
    }
    const result = stock.call(this, src, family, size);
    // Only pdfkit's standard fonts are of this shape (an embedded font has no `font.kernPairs`).
    const made = templateOf(this, this._font, src);
    if (made && families[src] === this._font) templates.set(src, made);
    return result;
  };
  return PDFDocument;
}
