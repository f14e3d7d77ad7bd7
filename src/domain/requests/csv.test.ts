import { describe, expect, it } from 'vitest';
import { csvCell, personFunnelCsv, reportCsv } from './csv.ts';
import type { ReportRow } from './queries.ts';

describe('csvCell', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvCell('Sarah Kim')).toBe('Sarah Kim');
    expect(csvCell(87)).toBe('87');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a cell with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Kim, Sarah')).toBe('"Kim, Sarah"');
    expect(csvCell('Sarah "SK" Kim')).toBe('"Sarah ""SK"" Kim"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it.each(['=1+1', '+61 400', '-2', '@SUM(A1)', '\t=1', '\r=1'])('neutralises the formula-like %j', (value) => {
    const cell = csvCell(value);
    expect(cell.replace(/^"/, '').startsWith(`'`)).toBe(true);
  });

  it('neutralises and quotes together', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('does not touch a negative number given as a number', () => {
    expect(csvCell(-1)).toBe('-1');
  });
});

describe('reportCsv', () => {
  const row = (overrides: Partial<ReportRow>): ReportRow => ({
    id: 1,
    customerName: 'Sarah Kim',
    staffFirstName: 'Ann',
    requestedAt: '2026-03-02T22:05:00.000Z',
    channel: 'email',
    smsStatus: null,
    matchStatus: 'none',
    matchConfidence: null,
    team: { id: 1, name: 'Audit', color: '#3B82F6' },
    ...overrides,
  });

  it('writes a BOM, the header and one CRLF line per row, dates in the zone', () => {
    const csv = reportCsv(
      [
        row({}),
        row({ id: 2, matchStatus: 'auto_matched', matchConfidence: 91, reviewerName: 'Sarah K.', rating: 5, team: null }),
        row({ id: 3, matchStatus: 'needs_review', matchConfidence: 60, reviewerName: 'Suggested', rating: 2 }),
        row({ id: 4, matchStatus: 'manual', rating: 4 }),
      ],
      'Australia/Sydney',
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Team,Customer,Team Member,Requested,Status,Match Confidence (%),Reviewer,Rating',
      'Audit,Sarah Kim,Ann,"Mar 3, 2026 9:05 AM",Pending,,,',
      'No team,Sarah Kim,Ann,"Mar 3, 2026 9:05 AM",Matched,91,Sarah K.,5',
      'Audit,Sarah Kim,Ann,"Mar 3, 2026 9:05 AM",Needs Review,60,,',
      'Audit,Sarah Kim,Ann,"Mar 3, 2026 9:05 AM",Matched,,Anonymous,4',
      '',
    ]);
  });

  it('is only the header for no rows', () => {
    expect(reportCsv([], 'UTC')).toBe('\uFEFFTeam,Customer,Team Member,Requested,Status,Match Confidence (%),Reviewer,Rating\r\n');
  });
});

describe('personFunnelCsv', () => {
  it('writes a BOM, its own header and one line per person, names guarded like every cell', () => {
    const csv = personFunnelCsv([
      { staffId: 1, firstName: 'Ann', sent: 3, opened: 2, reviewed: 2, deskCardOpens: 1 },
      { staffId: 2, firstName: '=Bob', sent: 1, opened: 0, reviewed: 0, deskCardOpens: 0 },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual(['Person,Sent,Opened,Reviewed,Conversion (%)', 'Ann,3,2,2,67', "'=Bob,1,0,0,0", '']);
  });

  it('is only the header for nobody', () => {
    expect(personFunnelCsv([])).toBe('\uFEFFPerson,Sent,Opened,Reviewed,Conversion (%)\r\n');
  });
});
