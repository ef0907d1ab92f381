/** Query keys of LGPD consent reads (see ../query-keys.ts). */

/** The LGPD terms the consent dialog shows (docs/product.md §4). */
export const consentKeys = {
  terms: ['lgpdTerms'] as const,
} as const;
