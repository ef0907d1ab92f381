/** Parses a route segment as a positive integer id; @returns null for anything else. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  return Number(raw);
}

/** Path of a learning object's viewer (spec §2). */
export function learningObjectPath(courseId: number, moduleId: number, learningObjectId: number): string {
  return `/courses/${courseId}/modules/${moduleId}/learningObjects/${learningObjectId}`;
}
