import { describe, expect, test } from 'vitest';
import { csvCell, csvFileName, toCsv } from './toCsv';

describe('CSV', () => {
  test.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rlf', '"cr\rlf"'],
    [' padded ', '" padded "'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [42, '42'],
    [-1.5, '-1.5'],
    [true, 'true'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['@cmd', "'@cmd"],
    ['-x,y', `"'-x,y"`],
  ] as const)('the cell %j is written as %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  test('a table: a header line, then one CRLF-ended line per row', () => {
    const rows = [
      { name: 'Uma User', count: 24, note: 'said "ok", then left' },
      { name: 'Deleted User', count: 4, note: null },
    ];
    const csv = toCsv(
      [
        { header: 'User', value: (row: (typeof rows)[number]) => row.name },
        { header: 'Prompts', value: (row) => row.count },
        { header: 'Note, free text', value: (row) => row.note },
      ],
      rows,
    );
    expect(csv).toBe('User,Prompts,"Note, free text"\r\nUma User,24,"said ""ok"", then left"\r\nDeleted User,4,\r\n');
  });

  test('file names are slugs of the title', () => {
    expect(csvFileName('Top users: Malicious')).toBe('top-users-malicious.csv');
    expect(csvFileName('!!!')).toBe('export.csv');
  });
});
