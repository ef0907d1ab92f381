/**
 * Demo "Materiais de apoio" (docs/product.md §7 `GET courses/{id}/attachments`, `GET modules/{id}/attachments`),
 * a seed step of `seed-additions.ts`: every course gets a study guide (PDF) and a schedule
 * (CSV); the first two modules of every course get an exercise sheet (PDF); the last module
 * gets none (the empty state). Real files of `server/assets`, served by `/api/files/media`.
 * Idempotent: one file name per owner (unique indexes of migration 0004), inserted with
 * ON CONFLICT DO NOTHING.
 */
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { fold } from './lms';

const ASSETS = join(dirname(fileURLToPath(import.meta.url)), 'assets');
const MEDIA = '/api/files/media';

/** A demo file of `server/assets`: its MIME type and its size in bytes (read from disk). */
const file = (asset: string, mimeType: string) => ({
  url: `${MEDIA}/${asset}`,
  mimeType,
  size: statSync(join(ASSETS, asset)).size,
  extension: asset.slice(asset.lastIndexOf('.')),
});

/** "Introdução à Informática" → "introducao-a-informatica" (download file names). */
export const slug = (text: string) =>
  fold(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Seeds the demo attachments that are missing. @returns true when it inserted something. */
export async function seedAttachments(db: Db): Promise<boolean> {
  const pdf = file('apostila.pdf', 'application/pdf');
  const csv = file('cronograma.csv', 'text/csv');
  const courses = await db.rows<{ id: number; name: string }>(
    sql`SELECT id, name FROM courses WHERE audience_user_id IS NULL ORDER BY id`,
  );
  let inserted = 0;
  for (const course of courses) {
    const courseFiles = [
      { name: 'Guia do curso', base: `guia-do-curso-${slug(course.name)}`, ...pdf },
      { name: 'Cronograma de estudos', base: `cronograma-${slug(course.name)}`, ...csv },
    ];
    for (const [position, f] of courseFiles.entries()) {
      const rows = await db.rows(sql`
        INSERT INTO course_attachments (course_id, name, file_name, mime_type, size_bytes, url, position)
        VALUES (${course.id}, ${f.name}, ${f.base + f.extension}, ${f.mimeType}, ${f.size}, ${f.url}, ${position + 1})
        ON CONFLICT DO NOTHING RETURNING id`);
      inserted += rows.length;
    }
    const modules = await db.rows<{ id: number; name: string; position: number }>(sql`
      SELECT id, name, position FROM modules WHERE course_id = ${course.id} ORDER BY position, id`);
    for (const [index, module] of modules.slice(0, 2).entries()) {
      const name = `Lista de exercícios — ${module.name}`;
      const rows = await db.rows(sql`
        INSERT INTO course_attachments (module_id, name, file_name, mime_type, size_bytes, url, position)
        VALUES (${module.id}, ${name}, ${`exercicios-modulo-${index + 1}-${slug(course.name)}${pdf.extension}`},
          ${pdf.mimeType}, ${pdf.size}, ${pdf.url}, 1)
        ON CONFLICT DO NOTHING RETURNING id`);
      inserted += rows.length;
    }
  }
  return inserted > 0;
}
