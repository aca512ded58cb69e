import { describe, expect, it } from 'vitest';
import { detectEntities, isValidIban, isValidSsn, passesLuhn } from './index';

const spans = (text: string, types?: readonly string[]) =>
  detectEntities(text, types ? { types } : undefined).map(({ type, start, end, text: t }) => ({ type, start, end, text: t }));
const at = (text: string, part: string, type: string) => {
  const start = text.indexOf(part);
  return { type, start, end: start + part.length, text: part };
};

describe('validators', () => {
  it('checks Luhn, IBAN mod-97 and SSN rules', () => {
    expect(passesLuhn('4539301019673114')).toBe(true);
    expect(passesLuhn('4539301019673115')).toBe(false);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('gb82west12345698765432')).toBe(true);
    expect(isValidIban('GB83WEST12345698765432')).toBe(false);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidSsn('364213719')).toBe(true);
    expect(isValidSsn('000213719')).toBe(false);
    expect(isValidSsn('666213719')).toBe(false);
    expect(isValidSsn('912213719')).toBe(false);
    expect(isValidSsn('364003719')).toBe(false);
    expect(isValidSsn('364210000')).toBe(false);
  });
});

describe('structured PII', () => {
  it('finds emails inside punctuation', () => {
    const text = 'Write to (jane.doe+news@mail.example.co.uk), or <bob@example.org>.';
    expect(spans(text, ['EMAIL_ADDRESS'])).toEqual([
      at(text, 'jane.doe+news@mail.example.co.uk', 'EMAIL_ADDRESS'),
      at(text, 'bob@example.org', 'EMAIL_ADDRESS'),
    ]);
  });

  it('accepts Luhn-valid card numbers only', () => {
    const text = 'Card 4539 3010 1967 3114 works, 4539 3010 1967 3115 does not.';
    expect(spans(text, ['CREDIT_CARD'])).toEqual([at(text, '4539 3010 1967 3114', 'CREDIT_CARD')]);
  });

  it('accepts IBANs with a valid checksum, spaced or not', () => {
    const text = 'Pay DE89 3704 0044 0532 0130 00 or GB82WEST12345698765432 but not GB83WEST12345698765432.';
    expect(spans(text, ['IBAN_CODE'])).toEqual([
      at(text, 'DE89 3704 0044 0532 0130 00', 'IBAN_CODE'),
      at(text, 'GB82WEST12345698765432', 'IBAN_CODE'),
    ]);
  });

  it('accepts SSNs that follow the allocation rules', () => {
    const text = 'SSN 364-21-3719; fake ones 666-21-3719 and 364-00-3719.';
    expect(spans(text, ['US_SSN'])).toEqual([at(text, '364-21-3719', 'US_SSN')]);
  });

  it('finds IPv4 and IPv6 addresses and rejects invalid octets', () => {
    const text = 'Hosts 10.218.6.131, 2001:db8::ff00:42:8329 and fe80::1, not 999.1.1.1 or 12:40:13.';
    expect(spans(text, ['IP_ADDRESS'])).toEqual([
      at(text, '10.218.6.131', 'IP_ADDRESS'),
      at(text, '2001:db8::ff00:42:8329', 'IP_ADDRESS'),
      at(text, 'fe80::1', 'IP_ADDRESS'),
    ]);
  });

  it('finds phone numbers in several national formats', () => {
    const numbers = ['(227)664-8546x506', '+44 20 7946 0958', '+33 1 42 68 53 00', '030 12345678', '06-10446904', '916.972.1680'];
    for (const number of numbers) {
      const text = `Please call me on ${number} tomorrow.`;
      expect(spans(text, ['PHONE_NUMBER'])).toEqual([at(text, number, 'PHONE_NUMBER')]);
    }
    expect(spans('Order 12345 shipped in 2021 2022.', ['PHONE_NUMBER'])).toEqual([]);
  });

  it('tells a site root (domain) from a deeper link (URL)', () => {
    const text = 'See https://www.example.com/ and https://example.org/docs/page?id=1 or visit shop.example.de.';
    expect(spans(text, ['URL', 'DOMAIN_NAME'])).toEqual([
      at(text, 'https://www.example.com/', 'DOMAIN_NAME'),
      at(text, 'https://example.org/docs/page?id=1', 'URL'),
      at(text, 'shop.example.de', 'DOMAIN_NAME'),
    ]);
  });

  it('finds dates and a driver licence number with its cue', () => {
    const text = "Born on 12/27/1947, seen 1993-10-20 12:40:13 on Sunday. My driver's license number is A56319335.";
    expect(spans(text, ['DATE_TIME', 'US_DRIVER_LICENSE'])).toEqual([
      at(text, '12/27/1947', 'DATE_TIME'),
      at(text, '1993-10-20 12:40:13', 'DATE_TIME'),
      at(text, 'Sunday', 'DATE_TIME'),
      at(text, 'A56319335', 'US_DRIVER_LICENSE'),
    ]);
  });

  it('reports UTF-16 offsets after astral characters', () => {
    const text = '😀😀 mail me: a@b.io';
    expect(spans(text, ['EMAIL_ADDRESS'])).toEqual([{ type: 'EMAIL_ADDRESS', start: 14, end: 20, text: 'a@b.io' }]);
  });
});
