/** Query keys of account reads (see ../query-keys.ts). */
/** The signed-in student's account (never kept on the device: first element 'users'). */
export const accountKeys = {
  all: ['users'] as const,
  /** The student's own profile (`GET /users/self`). */
  self: ['users', 'self'] as const,
  /** The cities of a state (the profile form's address). */
  cities: (state: string) => ['cities', state] as const,
} as const;
