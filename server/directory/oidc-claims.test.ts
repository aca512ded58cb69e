import { describe, expect, it } from 'vitest';
import { Role } from '../../domain/enums';
import { assertDomainAllowed, claimValues, groupNames, identityFrom, mappedRole } from './oidc-claims';
import { SIGN_IN_MESSAGES } from './oidc-errors';

describe('claim rules', () => {
  it('needs an email that is not marked unverified, and derives names', () => {
    expect(identityFrom({ email: 'Ann.Lee@Example.com', name: 'Ann Marie Lee' })).toEqual({ email: 'ann.lee@example.com', firstName: 'Ann', lastName: 'Marie Lee' });
    expect(identityFrom({ email: 'ann@example.com', given_name: 'Ann', family_name: 'Lee', email_verified: true })).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
    expect(identityFrom({ email: 'solo@example.com' })).toMatchObject({ firstName: 'solo', lastName: '' });
    for (const claims of [{}, { email: 'not-an-email' }, { email: 'ann@example.com', email_verified: false }, { email: 'ann@example.com', email_verified: 'false' }]) {
      expect(() => identityFrom(claims)).toThrow(expect.objectContaining({ userMessage: SIGN_IN_MESSAGES.noVerifiedEmail }));
    }
  });

  it('checks AllowedDomains, and the hosted domain claim for Google Workspace', () => {
    const rules = { preset: 'oidc', allowedDomains: 'example.com,example.org' };
    expect(() => assertDomainAllowed('a@example.org', {}, rules)).not.toThrow();
    expect(() => assertDomainAllowed('a@evil.com', {}, rules)).toThrow(expect.objectContaining({ userMessage: SIGN_IN_MESSAGES.domainNotAllowed }));
    expect(() => assertDomainAllowed('a@anything.com', {}, { preset: 'oidc', allowedDomains: null })).not.toThrow();
    const google = { preset: 'google', allowedDomains: 'example.com' };
    expect(() => assertDomainAllowed('a@example.com', { hd: 'example.com' }, google)).not.toThrow();
    // A personal Google account with a matching address but no Workspace domain is refused.
    expect(() => assertDomainAllowed('a@example.com', {}, google)).toThrow();
    expect(() => assertDomainAllowed('a@example.com', { hd: 'other.com' }, google)).toThrow();
  });

  it('maps roles: the most privileged match, else the default; nothing without a role claim', () => {
    const roleMapping = [
      { ClaimValue: 'staff', Role: Role.USER },
      { ClaimValue: 'admins', Role: Role.ORG_ADMIN },
    ];
    const rules = { roleClaim: 'realm_access.roles', roleMapping, defaultRole: Role.USER };
    expect(mappedRole({ realm_access: { roles: ['staff', 'admins'] } }, rules)).toBe(Role.ORG_ADMIN);
    expect(mappedRole({ realm_access: { roles: ['staff'] } }, rules)).toBe(Role.USER);
    expect(mappedRole({}, { ...rules, defaultRole: Role.ORG_ADMIN })).toBe(Role.ORG_ADMIN);
    expect(mappedRole({ roles: ['admins'] }, { roleClaim: null, roleMapping: [], defaultRole: Role.USER })).toBeNull();
  });

  it('reads group names from a string or a list, ignoring other values', () => {
    expect(groupNames({ groups: ['A', ' B ', 3, '', 'A'] }, 'groups')).toEqual(['A', 'B']);
    expect(groupNames({ team: 'Solo' }, 'team')).toEqual(['Solo']);
    expect(groupNames({ groups: ['A'] }, null)).toEqual([]);
    expect(claimValues({ 'dotted.name': 'literal' }, 'dotted.name')).toEqual(['literal']);
  });
});
