/** Application permissions (spec 000 §6): which sections a user may open. */
export const PERMISSIONS = {
  tieto: 1,
  vainu: 2,
  materiaalipankki: 3,
  hallinta: 4,
} as const;

export type Section = keyof typeof PERMISSIONS;
export type Permission = (typeof PERMISSIONS)[Section];

export const SECTIONS = Object.keys(PERMISSIONS) as Section[];
export const ALL_PERMISSIONS = Object.values(PERMISSIONS) as Permission[];

/** Where a user with exactly one permission lands after sign-in (spec 000 §2). */
export const SECTION_HOME: Record<Section, string> = {
  tieto: '/tieto/dashboard',
  vainu: '/vainu/dashboard',
  materiaalipankki: '/materiaalipankki/dashboard',
  hallinta: '/admin/dashboard',
};

/** The URL prefix of each section's routes. */
export const SECTION_PATH: Record<Section, string> = {
  tieto: '/tieto',
  vainu: '/vainu',
  materiaalipankki: '/materiaalipankki',
  hallinta: '/admin',
};

export function isPermission(value: number): value is Permission {
  return (ALL_PERMISSIONS as number[]).includes(value);
}

/** Permissions travel as a comma string on the wire ("1,2,4") and as a list in forms. */
export function parsePermissions(wire: string): Permission[] {
  const ids = wire
    .split(',')
    .map((part) => Number(part.trim()))
    .filter(isPermission);
  return [...new Set(ids)].sort((a, b) => a - b);
}

export function formatPermissions(permissions: readonly number[]): string {
  return [...new Set(permissions)].sort((a, b) => a - b).join(',');
}

export function sectionOfPermission(permission: Permission): Section {
  return SECTIONS.find((section) => PERMISSIONS[section] === permission) as Section;
}
