import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes RFC 4180 records with a BOM and CRLF', () => {
    expect(toCsv([['a', 1], ['b', null]])).toBe('\uFEFFa,1\r\nb,\r\n');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(toCsv([['x,y', 'say "hi"', 'two\nlines']])).toBe(
      '\uFEFF"x,y","say ""hi""","two\nlines"\r\n',
    );
  });

  it('keeps a text from running as a formula in Excel', () => {
    expect(toCsv([['=SUM(A1)', '-5', 5, -5]])).toBe("\uFEFF'=SUM(A1),'-5,5,-5\r\n");
  });
});
