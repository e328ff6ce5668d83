import { describe, expect, it } from 'vitest';
import { csvDecimal, csvFileName, toCsv } from './csv';

describe('survey CSV', () => {
  it('separates fields with ; and writes decimal commas, as Finnish Excel reads them', () => {
    const csv = toCsv([
      ['Kysymys', 'Osuus %'],
      ['Raikas; vai ei?', csvDecimal(33.333, 2)],
      ['=SUM(A1)', 'Hän sanoi "hyvä"'],
    ]);
    expect(csv).toBe(
      '\uFEFFKysymys;Osuus %\r\n"Raikas; vai ei?";33,33\r\n\'=SUM(A1);"Hän sanoi ""hyvä"""\r\n',
    );
  });

  it('names the file after the survey', () => {
    expect(csvFileName('Sisäilmakysely 2026: syksy')).toBe('Sisäilmakysely 2026- syksy.csv');
    expect(csvFileName('a/b\\c')).toBe('a-b-c.csv');
    expect(csvFileName('  ')).toBe('kysely.csv');
  });
});
