/** Reader identities of the spec: teacher, student, parent, other. */
export const IDENTITIES = ['teacher', 'student', 'parent', 'other'] as const;
export type Identity = (typeof IDENTITIES)[number];
