/** Query keys of home reads (see ../query-keys.ts). */
/** The home dashboard (docs/product.md §2 /home): progress, 'Continuar', pending bills, banners. */
export const homeKeys = {
  all: ['home'] as const,
  dashboard: ['home', 'dashboard'] as const,
  banners: ['home', 'banners'] as const,
} as const;
