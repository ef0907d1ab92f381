/** @returns the path of a Chromium executable; @throws Error with install instructions. */
export function findBrowser(): Promise<string>;
export const HOW_TO_GET_ONE: string;
/** Chromium flags verified on the development and CI machines (TOOLCHAIN.md). */
export const CHROMIUM_ARGS: readonly string[];
