/** Query keys of translations reads (see ../query-keys.ts). */
/** Translations read through TanStack Query (never kept on the device). */
export const translationKeys = { all: ['translations'] as const } as const;
