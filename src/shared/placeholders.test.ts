import { describe, expect, it } from 'vitest';
import { escapeHtml, fillPlaceholders } from './placeholders.ts';

describe('fillPlaceholders', () => {
  const values = { firstName: 'Sarah', lastName: 'Kim', staffFirstName: 'Tom', companyName: 'Harbourside Dental' };

  it('replaces every placeholder', () => {
    expect(fillPlaceholders('Hi {firstName} {lastName} ({fullName}), {staffFirstName} from {companyName}', values)).toBe(
      'Hi Sarah Kim (Sarah Kim), Tom from Harbourside Dental',
    );
  });

  it('keeps a placeholder literal while its field is empty', () => {
    expect(fillPlaceholders('Hi {firstName} {lastName}, {fullName}', { firstName: 'Sarah', lastName: ' ' })).toBe('Hi Sarah {lastName}, {fullName}');
  });

  it('leaves unknown braces alone and escapes values for HTML', () => {
    expect(fillPlaceholders('{unknown} <b>{firstName}</b>', { firstName: '<Sam & Co>' }, escapeHtml)).toBe('{unknown} <b>&lt;Sam &amp; Co&gt;</b>');
  });
});
