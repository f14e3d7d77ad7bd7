import { describe, expect, it } from 'vitest';
import { CAPTURED_CONTACT_BODY, contactBody } from '../../../../tests/fixtures/highlevel-request.ts';
import { readCrmBody } from './payload.ts';
import { readCrmRequest } from './request-payload.ts';

describe('readCrmRequest', () => {
  it('reads the contact of a captured HighLevel workflow body', () => {
    const { contact, staff } = readCrmRequest({ ...CAPTURED_CONTACT_BODY });
    expect(contact).toEqual({
      contactId: 'gxGfB9wxEy3anxbHB4nT',
      firstName: 'Knobler',
      lastName: 'Captura012',
      email: 'knobler.captura012@example.com',
      phone: '',
      locationId: 't9Ww7bY1xJJ6ThFHZVPC',
      workflowId: 'd325be72-ae1d-490a-b6e7-62b404ecd35b',
    });
    expect(staff).toBeNull();
  });

  it("reads the contact's phone from the top level or a nested contact", () => {
    expect(readCrmRequest(contactBody({ phone: '+61 412 555 010' })).contact.phone).toBe('+61 412 555 010');
    expect(readCrmRequest({ contact: { id: 'c1', first_name: 'Ana', phoneNumber: '0412 555 010' } }).contact.phone).toBe('0412 555 010');
  });

  it('splits a full name when first and last names are missing', () => {
    const { contact } = readCrmRequest({ full_name: 'Mary Ann Smith', email: 'm@example.com' });
    expect(contact).toMatchObject({ firstName: 'Mary', lastName: 'Ann Smith' });
  });

  it('treats an unfilled merge field as missing', () => {
    expect(readCrmRequest({ first_name: 'Ana', email: '{{contact.email}}' }).contact.email).toBe('');
  });

  const staffShapes: [string, Record<string, unknown>][] = [
    ['user object', { user: { firstName: 'Jess', lastName: 'Lee', email: 'jess@clinic.test' } }],
    ['assignedUser object', { assignedUser: { first_name: 'Jess', email: 'jess@clinic.test' } }],
    ['assigned_user object with a full name', { assigned_user: { name: 'Jess Lee', email: 'jess@clinic.test' } }],
    ['assigned_to email with a mapped first name', { assigned_to: 'jess@clinic.test', customData: { staffFirstName: 'Jess' } }],
    ['customData staffEmail / staffFirstName', { customData: { staffEmail: 'jess@clinic.test', staffFirstName: 'Jess' } }],
    ['customData staff_email / staff_first_name', { customData: { staff_email: 'jess@clinic.test', staff_first_name: 'Jess' } }],
    ['contact.assignedTo email', { contact: { assignedTo: 'jess@clinic.test' }, customData: { staff_first_name: 'Jess' } }],
  ];
  for (const [shape, extra] of staffShapes) {
    it(`reads the assigned user from a ${shape}`, () => {
      expect(readCrmRequest(contactBody(extra)).staff).toEqual({ firstName: 'Jess', email: 'jess@clinic.test' });
    });
  }

  it('passes over an assigned_to that is a user id, and names a user from their email alone', () => {
    expect(readCrmRequest(contactBody({ assigned_to: 'Xy7fQ2aBcD9eFgHiJkLm' })).staff).toBeNull();
    expect(readCrmRequest(contactBody({ assigned_to: 'jess.lee@clinic.test' })).staff).toEqual({ firstName: 'Jess', email: 'jess.lee@clinic.test' });
  });

  it('reads a form-encoded body the same way', () => {
    const form =
      'contact_id=c1&first_name=Ana&last_name=Silva&email=ana%40example.com&phone=%2B61412555010&workflow[id]=w1&location[id]=l1&user[firstName]=Jess&user[email]=jess%40clinic.test';
    const read = readCrmBody(form, 'application/x-www-form-urlencoded');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(readCrmRequest(read.body)).toEqual({
      contact: { contactId: 'c1', firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', phone: '+61412555010', locationId: 'l1', workflowId: 'w1' },
      staff: { firstName: 'Jess', email: 'jess@clinic.test' },
    });
  });
});
