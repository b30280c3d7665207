import { describe, expect, test } from 'bun:test';
import { confirmsDeletion } from '../../src/features/account-data/deletion.ts';
import { exportFileName } from '../../src/features/account-data/export.ts';

describe('the typed confirmation of a deletion', () => {
  test('is the username exactly, spaces around it forgiven', () => {
    expect(confirmsDeletion('ada-lovelace', 'ada-lovelace')).toBe(true);
    expect(confirmsDeletion('  ada-lovelace\n', 'ada-lovelace')).toBe(true);
    expect(confirmsDeletion('Ada-Lovelace', 'ada-lovelace')).toBe(false);
    expect(confirmsDeletion('ada', 'ada-lovelace')).toBe(false);
    expect(confirmsDeletion('', 'ada-lovelace')).toBe(false);
    expect(confirmsDeletion(undefined, 'ada-lovelace')).toBe(false);
  });
});

describe('the export file name', () => {
  test('is dated by the given instant in UTC', () => {
    expect(exportFileName('ada', new Date('2026-03-04T23:59:59Z'))).toBe('chapterhouse-ada-2026-03-04.json');
    // Already the next day in UTC, whatever the server's time zone says.
    expect(exportFileName('ada', new Date('2026-03-04T23:30:00-05:00'))).toBe('chapterhouse-ada-2026-03-05.json');
  });

  test('keeps only characters that are safe in a Content-Disposition header', () => {
    expect(exportFileName('a"b;c\r\nd', new Date('2026-01-01T00:00:00Z'))).toBe('chapterhouse-a-b-c-d-2026-01-01.json');
    expect(exportFileName('', new Date('2026-01-01T00:00:00Z'))).toBe('chapterhouse-account-2026-01-01.json');
  });
});
