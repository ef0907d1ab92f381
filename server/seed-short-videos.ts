/**
 * Demo short videos (docs/product.md §3 "Short video: resource (URL)"), an idempotent seed step of
 * `SEED_STEPS` (server/seed-additions.ts): each video is inserted only when its platform
 * does not have one with that title yet, so older demo databases gain them at the next start.
 *
 * Media (server/assets): `curto.webm` (VP8/Opus, 24 s, made by scripts/make-short-video.sh)
 * and `aula.webm` (3 s). Resources are paths of this server's media folder; the app plays
 * them through the proxy `/api/files/proxy?resource=…&token=…` (server/routes/short-videos.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';

const MEDIA = '/api/files/media';

/** Demo videos per platform: title, media path, length (s), in display order. */
export const DEMO_SHORT_VIDEOS: readonly { platform: number; title: string; resource: string; duration: number }[] = [
  { platform: 1, title: 'Como organizar sua semana de estudos', resource: `${MEDIA}/curto.webm`, duration: 24 },
  { platform: 1, title: 'Boas-vindas à plataforma', resource: `${MEDIA}/aula.webm`, duration: 3 },
  { platform: 2, title: 'Dicas rápidas de enquadramento', resource: `${MEDIA}/curto.webm`, duration: 24 },
  { platform: 2, title: 'Conheça a Academia Stream', resource: `${MEDIA}/aula.webm`, duration: 3 },
];

/** Seed step: inserts the missing demo short videos. @returns true when it inserted any. */
export async function seedShortVideos(db: Db): Promise<boolean> {
  let inserted = 0;
  for (const [index, video] of DEMO_SHORT_VIDEOS.entries()) {
    const rows = await db.rows(sql`
      INSERT INTO short_videos (platform_id, title, resource, duration_seconds, thumbnail, position)
      SELECT ${video.platform}, ${video.title}, ${video.resource}, ${video.duration}, NULL, ${index + 1}
      WHERE EXISTS (SELECT 1 FROM platforms WHERE id = ${video.platform})
      ON CONFLICT (platform_id, title) DO NOTHING
      RETURNING id`);
    inserted += rows.length;
  }
  return inserted > 0;
}
