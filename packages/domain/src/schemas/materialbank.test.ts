import { describe, expect, it } from 'vitest';
import { type Actor, can } from '../policy.js';
import type { Role } from '../roles.js';
import { createMaterialbankFileFields, materialbankFilesByUserQuery } from './materialbank.js';

const actor = (userRoles: Role, userPermissions: number[]): Actor => ({
  userRoles,
  userPermissions,
  organizationId: 'o',
});

describe('material bank policy (spec 001 §6)', () => {
  it('lets every role above Käyttäjä with Materiaalipankki add and edit', () => {
    expect(can(actor('Käyttäjä', [1, 2, 3]), { do: 'manageMaterialbank' })).toBe(false);
    expect(can(actor('Pääkäyttäjä', [3]), { do: 'manageMaterialbank' })).toBe(true);
    expect(can(actor('Pääylläpitäjä', [1, 2, 4]), { do: 'manageMaterialbank' })).toBe(false);
  });

  it('lets only Ylläpitäjä and Pääylläpitäjä with Materiaalipankki delete', () => {
    expect(can(actor('Pääkäyttäjä', [3]), { do: 'deleteMaterialbankFile' })).toBe(false);
    expect(can(actor('Ylläpitäjä', [3]), { do: 'deleteMaterialbankFile' })).toBe(true);
    expect(can(actor('Pääylläpitäjä', [3]), { do: 'deleteMaterialbankFile' })).toBe(true);
    expect(can(actor('Ylläpitäjä', [1, 2, 4]), { do: 'deleteMaterialbankFile' })).toBe(false);
  });
});

describe('material bank schemas', () => {
  const fields = {
    title: 'Ohje',
    targets: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e, 4f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e',
    permissions: 'Käyttäjä,Ylläpitäjä',
    applications: '1,2',
    state: 'Aktiivinen',
    organizationId: '',
  };

  it('reads the multipart lists as comma strings', () => {
    const parsed = createMaterialbankFileFields.parse(fields);
    expect(parsed.targets).toHaveLength(2);
    expect(parsed.permissions).toEqual(['Käyttäjä', 'Ylläpitäjä']);
    expect(parsed.applications).toEqual([1, 2]);
    expect(parsed.organizationId).toBeUndefined();
  });

  it('names the empty lists and an unknown role', () => {
    const result = createMaterialbankFileFields.safeParse({
      ...fields,
      targets: '',
      permissions: 'Johtaja',
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]),
    );
    expect(byField).toEqual({
      targets: 'validation.required',
      permissions: 'validation.invalidValue',
    });
  });

  it('lists Tieto files by default (the spec sends appId 1)', () => {
    expect(materialbankFilesByUserQuery.parse({}).appId).toBe(1);
  });
});
