import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One module owns every change of an invoice's state (DECISIONS §13) and issues its documents (§14): the sales module. The product's
// code outside it never writes the invoice, line, payment or delivery tables. (The demo seed, the
// bench's generator and reference and the tests write rows of their own, outside the product.)
const SERVER_SRC = path.resolve(import.meta.dirname, '../..');
const PRODUCT = ['app.ts', 'server.ts', 'features', 'lib', 'plugins', 'backup'];
const WRITE = /\.(insert|update|delete)\((invoices|invoiceLines|payments|deliveries|issuedDocuments)\)|\b(insert\s+into|update|delete\s+from)\s+"?(invoices|invoice_lines|payments|deliveries|issued_documents)"?\s/i;

function productFiles(): string[] {
  return PRODUCT.flatMap((entry) => {
    const full = path.join(SERVER_SRC, entry);
    if (!fs.statSync(full).isDirectory()) return [full];
    return fs
      .readdirSync(full, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => path.join(full, file));
  });
}

describe('the sales module owns invoice, payment and delivery state', () => {
  it('no product file outside features/sales writes those tables', () => {
    const files = productFiles();
    expect(files.length).toBeGreaterThan(50);
    const writers = files.filter((file) => WRITE.test(fs.readFileSync(file, 'utf8'))).map((file) => path.relative(SERVER_SRC, file));
    expect(writers.filter((file) => !file.startsWith(`features${path.sep}sales${path.sep}`))).toEqual([]);
    // The pattern finds the writers it guards against.
    expect(writers).toEqual(expect.arrayContaining([path.join('features', 'sales', 'invoice-writes.ts'), path.join('features', 'sales', 'invoice-changes.service.ts')]));
  });
});
