/** Query keys of the areas' reads (see ../query-keys.ts). */

/** The areas by user flag (docs/product.md §2: /profissionalizante, /transito, /graduacao, /tecmix). */
export const areasKeys = {
  all: ['areas'] as const,
  professionalizing: ['areas', 'professionalizing'] as const,
  gradCourses: ['areas', 'grad-courses'] as const,
  aprovatAccount: ['areas', 'aprovat-account'] as const,
  trafficModules: ['areas', 'traffic-modules'] as const,
  eja: ['areas', 'eja'] as const,
} as const;
