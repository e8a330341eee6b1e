import { describe, expect, it } from 'vitest';
import { csvField, csvLine, detectSeparator, parseCsv } from './csv.js';

describe('csv', () => {
  it('quotes what needs it and defuses formulas', () => {
    expect(csvField('Riz; 25 kg')).toBe('"Riz; 25 kg"');
    expect(csvField('Dit "bon"')).toBe('"Dit ""bon"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
    expect(csvLine(['a', 1, null])).toBe('a;1;\r\n');
  });

  it('parses quoted fields, line breaks in quotes, both separators and line numbers', () => {
    const text = '\ufeffdesignation;prix\r\n"Riz; 25 kg";1000\n\n"Deux\nlignes";5\n';
    expect(detectSeparator(text)).toBe(';');
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['designation', 'prix'] },
      { line: 2, fields: ['Riz; 25 kg', '1000'] },
      { line: 4, fields: ['Deux\nlignes', '5'] },
    ]);
    expect(parseCsv('a,b\n1,"x,y"')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', 'x,y'] },
    ]);
  });
});
