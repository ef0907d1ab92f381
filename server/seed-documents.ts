/**
 * Demo data of the attachments area (seed step of `seed-additions.ts`, idempotent through the
 * unique file names): per platform, three document categories and four documents; per
 * student, two personal files. Files are real ones from `assets/` (sizes measured).
 */
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';

const ASSETS = join(dirname(fileURLToPath(import.meta.url)), 'assets');
const MEDIA = '/api/files/media';
const sizeOf = (file: string) => statSync(join(ASSETS, file)).size;

const PDF = { asset: 'apostila.pdf', mime: 'application/pdf' };
const CSV = { asset: 'cronograma.csv', mime: 'text/csv' };

/** Categories of the platform documents, in display order. */
export const DEMO_CATEGORIES = ['Manuais', 'Regulamentos', 'Calendários'] as const;

const DOCUMENTS = [
  {
    name: 'Manual do aluno',
    description: 'Como estudar na plataforma, prazos e contatos da secretaria.',
    category: 'Manuais',
    file: 'manual-do-aluno.pdf',
    ...PDF,
  },
  {
    name: 'Guia de acessibilidade',
    description: 'Recursos de acessibilidade: tamanho da letra, modo escuro e Libras.',
    category: 'Manuais',
    file: 'guia-de-acessibilidade.pdf',
    ...PDF,
  },
  {
    name: 'Regulamento de avaliação',
    description: 'Notas, pesos das avaliações e critérios de aprovação.',
    category: 'Regulamentos',
    file: 'regulamento-de-avaliacao.pdf',
    ...PDF,
  },
  {
    name: 'Calendário acadêmico 2026',
    description: 'Datas de início, provas e recessos do ano.',
    category: 'Calendários',
    file: 'calendario-academico-2026.csv',
    ...CSV,
  },
];

const PERSONAL = [
  {
    name: 'Contrato de prestação de serviços educacionais',
    description: 'Cópia do contrato assinado na matrícula.',
    file: 'contrato-assinado.pdf',
    ...PDF,
  },
  {
    name: 'Plano de estudos individual',
    description: 'Sugestão de horários de estudo para o semestre.',
    file: 'plano-de-estudos.csv',
    ...CSV,
  },
];

/** Inserts what is missing. @returns true when it inserted anything. */
export async function seedDocuments(db: Db): Promise<boolean> {
  let inserted = 0;
  const platforms = await db.rows<{ id: number }>(sql`SELECT id FROM platforms ORDER BY id`);
  for (const { id: platformId } of platforms) {
    for (const [position, name] of DEMO_CATEGORIES.entries()) {
      const rows = await db.rows(sql`
        INSERT INTO document_categories (platform_id, name, position) VALUES (${platformId}, ${name}, ${position + 1})
        ON CONFLICT DO NOTHING RETURNING id`);
      inserted += rows.length;
    }
    for (const doc of DOCUMENTS) {
      const rows = await db.rows(sql`
        INSERT INTO attachments (platform_id, category_id, name, description, file_name, mime_type, size_bytes, url)
        SELECT ${platformId}, c.id, ${doc.name}, ${doc.description}, ${doc.file}, ${doc.mime}, ${sizeOf(doc.asset)},
          ${`${MEDIA}/${doc.asset}`}
        FROM document_categories c WHERE c.platform_id = ${platformId} AND c.name = ${doc.category}
        ON CONFLICT DO NOTHING RETURNING id`);
      inserted += rows.length;
    }
  }
  const students = await db.rows<{ id: number; platform_id: number }>(
    sql`SELECT id, platform_id FROM users ORDER BY id`,
  );
  for (const student of students) {
    for (const file of PERSONAL) {
      const rows = await db.rows(sql`
        INSERT INTO attachments (platform_id, user_id, name, description, file_name, mime_type, size_bytes, url)
        VALUES (${student.platform_id}, ${student.id}, ${file.name}, ${file.description}, ${file.file}, ${file.mime},
          ${sizeOf(file.asset)}, ${`${MEDIA}/${file.asset}`})
        ON CONFLICT DO NOTHING RETURNING id`);
      inserted += rows.length;
    }
  }
  return inserted > 0;
}
