/** Roles in rank order (spec 000 §6): a later role outranks every earlier one. */
export const ROLES = ['Käyttäjä', 'Pääkäyttäjä', 'Ylläpitäjä', 'Pääylläpitäjä'] as const;
export type Role = (typeof ROLES)[number];

export const TOP_ADMIN: Role = 'Pääylläpitäjä';

export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
