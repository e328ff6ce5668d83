import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/messages.js';
import { registerUserForm } from './account.js';
import { createOrganizationBody } from './organizations.js';
import { createRegistrationCodeBody } from './registration-codes.js';
import { createTargetBody, targetsByIdQuery } from './targets.js';
import { changeUserPasswordBody, createUserBody } from './users.js';

/** The Finnish texts of a failed parse, by field. */
function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      translate('fi', issue.message),
    ]),
  );
}

const ID = '4f9c2a57-8d3b-4a51-9a9e-2b7f3c1d0e11';

describe('admin user form (spec 000 §5)', () => {
  const user = {
    userEmail: 'uusi@demo.vahti.fi',
    userPassword: 'Salasana-1',
    userFirstName: 'Uusi',
    userLastName: 'Käyttäjä',
    userPhoneNumber: '040 123 4567',
    userJobTitle: 'Asukas',
    userRoles: 'Käyttäjä',
    userState: 'Aktiivinen',
    userPermissions: '1,2',
  };

  it('accepts a complete user and leaves the organization to the server', () => {
    expect(createUserBody.safeParse(user).success).toBe(true);
  });

  it("requires phone, job title, role, state and a permission with 'Pakollinen kenttä'", () => {
    const result = createUserBody.safeParse({
      ...user,
      userPhoneNumber: ' ',
      userJobTitle: '',
      userRoles: '',
      userState: undefined,
      userPermissions: '',
    });
    expect(messages(result)).toEqual({
      userPhoneNumber: 'Pakollinen kenttä',
      userJobTitle: 'Pakollinen kenttä',
      userRoles: 'Pakollinen kenttä',
      userState: 'Pakollinen kenttä',
      userPermissions: 'Pakollinen kenttä',
    });
  });

  it("says 'Sähköposti ei ole kelvollinen' (the admin form's spelling)", () => {
    expect(messages(createUserBody.safeParse({ ...user, userEmail: 'ei-osoite' }))).toEqual({
      userEmail: 'Sähköposti ei ole kelvollinen',
    });
  });

  it('refuses a role that does not exist and permissions outside 1–4', () => {
    expect(createUserBody.safeParse({ ...user, userRoles: 'Kuningas' }).success).toBe(false);
    expect(createUserBody.safeParse({ ...user, userPermissions: '1,5' }).success).toBe(false);
  });
});

describe('admin password change', () => {
  it("requires every field and a matching repeat: 'Salasanat eivät täsmää'", () => {
    const result = changeUserPasswordBody.safeParse({
      userEmail: 'a@b.fi',
      userPassword: 'Salasana-1',
      confirmPassword: 'Salasana-2',
    });
    expect(messages(result)).toEqual({ confirmPassword: 'Salasanat eivät täsmää' });
    expect(
      messages(
        changeUserPasswordBody.safeParse({
          userEmail: 'a@b.fi',
          userPassword: 'Salasana-1',
          confirmPassword: '',
        }),
      ),
    ).toEqual({
      confirmPassword: 'Pakollinen kenttä',
    });
  });
});

describe('organization form (spec 000 §5)', () => {
  const organization = {
    organizationBusinessId: '1234567-8',
    organizationContractNumber: 'SOP-1',
    organizationName: 'Oy Ab',
    organizationAddress: 'Katu 1',
    organizationZipCode: '00100',
    organizationPostalDistrict: 'Helsinki',
    organizationArea: 'Uusimaa',
    organizationState: 'Aktiivinen',
    organizationApplications: [1],
  };

  it('accepts a complete organization', () => {
    expect(createOrganizationBody.safeParse(organization).success).toBe(true);
  });

  it('names each rule of the spec in Finnish', () => {
    const result = createOrganizationBody.safeParse({
      ...organization,
      organizationBusinessId: '1234567',
      organizationContractNumber: 'AB',
      organizationName: 'O',
      organizationAddress: 'K1',
      organizationZipCode: '001',
      organizationPostalDistrict: 'H',
      organizationArea: 'U',
      organizationApplications: [],
    });
    expect(messages(result)).toEqual({
      organizationBusinessId: 'Y-tunnuksessa pitää olla 9 merkkiä',
      organizationContractNumber: 'Sopimusnumerossa pitää olla vähintään 3 merkkiä',
      organizationName: 'Nimessä pitää olla vähintään 2 merkkiä',
      organizationAddress: 'Osoitteessa pitää olla vähintään 3 merkkiä',
      organizationZipCode: 'Postinumerossa pitää olla 5 numeroa',
      organizationPostalDistrict: 'Postitoimipaikassa pitää olla vähintään 2 merkkiä',
      organizationArea: 'Alueessa pitää olla vähintään 2 merkkiä',
      organizationApplications: 'Pakollinen kenttä',
    });
  });

  it("says 'X on pakollinen tieto' for a missing value", () => {
    const result = createOrganizationBody.safeParse({
      ...organization,
      organizationBusinessId: '',
      organizationZipCode: '',
    });
    expect(messages(result)).toEqual({
      organizationBusinessId: 'Y-tunnus on pakollinen tieto',
      organizationZipCode: 'Postinumero on pakollinen tieto',
    });
  });

  it('keeps information and description within the 500 counter', () => {
    const long = 'x'.repeat(501);
    expect(
      createOrganizationBody.safeParse({ ...organization, organizationInformation: long }).success,
    ).toBe(false);
    expect(
      createOrganizationBody.safeParse({
        ...organization,
        organizationInformation: 'x'.repeat(500),
      }).success,
    ).toBe(true);
  });
});

describe('target form (spec 000 §5)', () => {
  const target = {
    targetName: 'As Oy Testi',
    targetAddress: 'Testikatu 1',
    targetZipCode: '00100',
    targetPostalDistrict: 'Helsinki',
    targetType: 'Kerrostalo',
    targetPropertyId: '091-001-0001-0001',
    targetJobNumber: 'TN-1',
    targetContactUser: [ID],
    targetState: 'Aktiivinen',
  };

  it('accepts a complete target', () => {
    expect(createTargetBody.safeParse(target).success).toBe(true);
  });

  it('wants a five-digit zip code and at least one contact user', () => {
    expect(
      messages(
        createTargetBody.safeParse({ ...target, targetZipCode: '0010a', targetContactUser: [] }),
      ),
    ).toEqual({
      targetZipCode: 'Postinumerossa pitää olla 5 numeroa',
      targetContactUser: 'Pakollinen kenttä',
    });
    expect(messages(createTargetBody.safeParse({ ...target, targetZipCode: '' }))).toEqual({
      targetZipCode: 'Postinumero on pakollinen tieto',
    });
  });

  it('reads a comma list of ids for targets-by-id', () => {
    expect(targetsByIdQuery.parse({ targetId: `${ID}, ${ID}` }).targetId).toEqual([ID, ID]);
    expect(targetsByIdQuery.safeParse({ targetId: 'x' }).success).toBe(false);
  });
});

describe('registration code', () => {
  it('needs a target, grants Tieto by default, never Hallinta, and expires in 30 days', () => {
    expect(messages(createRegistrationCodeBody.safeParse({ targetIds: [] }))).toEqual({
      targetIds: 'Valitse vähintään yksi kohde',
    });
    const parsed = createRegistrationCodeBody.parse({ targetIds: [ID] });
    expect(parsed.expiresInDays).toBe(30);
    expect(parsed.userPermissions).toBeUndefined();
    expect(
      createRegistrationCodeBody.safeParse({ targetIds: [ID], userPermissions: '1,4' }).success,
    ).toBe(false);
  });
});

describe('registration form', () => {
  it("tells 'Salasanat eivät täsmää' at once, beside the other fields' messages", () => {
    const result = registerUserForm.safeParse({
      userEmail: '',
      userCode: '',
      userPassword: 'Salasana-1',
      confirmPassword: 'Salasana-2',
      userFirstName: '',
      userLastName: 'Virtanen',
    });
    expect(messages(result)).toMatchObject({
      userFirstName: 'Etunimi on pakollinen tieto',
      confirmPassword: 'Salasanat eivät täsmää',
    });
  });
});
