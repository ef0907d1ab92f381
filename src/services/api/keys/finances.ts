/** Query keys of finances reads (see ../query-keys.ts). */
/** Finances (docs/product.md §3 bills) and the Pix payment. */
export const financesKeys = {
  bills: ['finances', 'bills'] as const,
  /** Every QR image of a Pix code (never kept on the device). */
  allPixQr: ['pixQr'] as const,
  pixQr: (brcode: string | null) => ['pixQr', brcode] as const,
} as const;
