/**
 * The demo student `escola` and a course authored the way schools publish, a seed step of
 * `seed-additions.ts`: a teacher's rich text (editor markup, a YouTube share iframe, a wide
 * table, MathML, hostile leftovers), YouTube and Vimeo videos, Google Slides, and a PDF, a video
 * and a podcast on the school's content CDN (the demo content host of server/content-host.ts).
 *
 * The course has `audience_user_id` = escola (migration 0015): nobody else sees it, so the
 * course counts of the other students do not change. Content-host URLs are seeded without a
 * port (`SEEDED_CONTENT_ORIGIN`); the learning object answers point them at the request's port.
 *
 * Idempotent: the student is inserted when its access code is missing; the course tree only
 * where a level is missing (the course by name and audience, the module, the lesson, and the
 * learning objects by lesson and name).
 */
import { sql, type SQL } from 'drizzle-orm';
import { hashPassword } from './auth';
import type { Db } from './db/client';
import { DEMO_PASSWORD } from './seed';
import { SEEDED_CONTENT_ORIGIN } from './content-host';

/** The demo student of the school-authored course. */
export const SCHOOL_CONTENT_STUDENT = {
  code: 'escola',
  name: 'Gabriela Lima',
  platform: 1,
  about: 'conteúdo como as escolas publicam (vídeos do YouTube/Vimeo, Slides, CDN de conteúdo)',
} as const;

/** Name of the course, visible to `escola` only. */
export const SCHOOL_CONTENT_COURSE = 'Conteúdo como as escolas publicam';

/** Description of the course. */
export const SCHOOL_CONTENT_COURSE_DESCRIPTION =
  'Uma aula como os professores publicam: vídeos do YouTube e do Vimeo, Slides, imagens e PDFs no CDN da escola, tabelas e fórmulas.';

/** Name of the course's only module. */
export const SCHOOL_CONTENT_MODULE = 'Módulo 1: Conteúdo real';

/** Name of the module's only lesson. */
export const SCHOOL_CONTENT_LESSON = 'Aula 1';

/** Names of the lesson's learning objects, in lesson order. */
export const SCHOOL_CONTENT_LOS = {
  text: 'Texto com imagem, vídeo, tabela, fórmula e código',
  youtube: 'Vídeo do YouTube: o ciclo da água',
  vimeo: 'Vídeo no Vimeo',
  slides: 'Apresentação no Google Slides',
  cdnPdf: 'Apostila no CDN da escola',
  cdnVideo: 'Vídeo no CDN da escola',
  cdnAudio: 'Podcast no CDN da escola',
  blockedEmbed: 'Atividade em site não permitido',
  dangerousLink: 'Link perigoso',
} as const;

/** URL of a file of the demo content host as seeded (no port). */
const cdn = (name: string) => `${SEEDED_CONTENT_ORIGIN}/files/${name}`;

/** URLs of the learning objects that point somewhere (seeded form). */
export const SCHOOL_CONTENT_URLS = {
  diagram: cdn('diagrama.svg'),
  youtube: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
  youtubeEmbed: 'https://www.youtube.com/embed/M7lc1UVf-VE',
  vimeo: 'https://vimeo.com/76979871',
  vimeoPlayer: 'https://player.vimeo.com/video/76979871',
  slides:
    'https://docs.google.com/presentation/d/e/2PACX-1vRdemoSlidesPublicadosNaWeb0123456789abcdefXYZ/pub?start=false&loop=false&delayms=3000',
  cdnPdf: cdn('apostila-escola.pdf'),
  cdnVideo: cdn('aula-escola.webm'),
  cdnAudio: cdn('podcast-escola.ogg'),
  blockedEmbed: 'https://widgets.exemplo.net/quiz/42',
  dangerousLink: 'javascript:alert(document.domain)',
} as const;

/** The table's body rows: the cells of a row separated by `|`. */
const TABLE_ROWS: readonly string[] = [
  'Janeiro|248|26,1|82|118|1.240|71|Chuvas fortes no fim do mês; o reservatório voltou a subir depois de duas semanas de seca.',
  'Fevereiro|212|26,4|80|121|1.105|78|Tempestades à tarde quase todos os dias; a vazão do rio ficou acima da média histórica.',
  'Março|164|25,8|78|109|860|83|O volume de chuva diminuiu, mas o solo ainda estava encharcado e o escoamento seguiu alto.',
  'Abril|86|24,0|73|94|512|80|Início da estação seca: a evaporação passou a superar a chuva e o nível começou a cair.',
];

const TABLE_HEAD = [
  'Mês',
  'Chuva (mm)',
  'Temperatura média (°C)',
  'Umidade relativa (%)',
  'Evaporação (mm)',
  'Vazão do rio (m³/s)',
  'Nível do reservatório (%)',
  'Observações',
];

const CELL = 'style="border: 1px solid #999999; padding: 4px;"';

/** The rich text as a teacher's editor (TinyMCE, a Google Docs paste) produces it. */
export const SCHOOL_CONTENT_HTML = [
  '<h2>Ciclo da água</h2>',
  '<p style="text-align: center;"><strong>Leia com atenção.</strong></p>',
  '<p>A água muda de estado o tempo todo. As palavras em <span style="color: #e03e2d;">vermelho</span> são as etapas, ' +
    'e o trecho em <span style="background-color: #fbeeb8;">destaque</span> cai na prova.</p>',
  '<ul><li>Evaporação</li><li>Condensação</li><li>Precipitação</li><li>Infiltração e escoamento</li></ul>',
  '<ol><li>Observe o diagrama.</li><li>Assista ao vídeo.</li><li>Responda ao exercício no fim da aula.</li></ol>',
  `<figure><img src="${SCHOOL_CONTENT_URLS.diagram}" width="640" height="360" alt="Diagrama do ciclo da água">` +
    '<figcaption>Figura 1 — O ciclo da água.</figcaption></figure>',
  '<p>Assista:</p>',
  `<iframe width="560" height="315" src="${SCHOOL_CONTENT_URLS.youtubeEmbed}" title="Vídeo: o ciclo da água" frameborder="0" ` +
    'allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture" allowfullscreen></iframe>',
  '<p>Dados da estação meteorológica da escola:</p>',
  '<table style="width: 1000px; border-collapse: collapse;" border="1"><thead><tr>' +
    TABLE_HEAD.map((h) => `<th ${CELL}>${h}</th>`).join('') +
    '</tr></thead><tbody>' +
    TABLE_ROWS.map(
      (row) =>
        `<tr>${row
          .split('|')
          .map((cell) => `<td ${CELL}>${cell}</td>`)
          .join('')}</tr>`,
    ).join('') +
    '</tbody></table>',
  '<p>Fórmula:</p>',
  '<math display="block"><mi>x</mi><mo>=</mo><mfrac><mrow><mo>−</mo><mi>b</mi><mo>±</mo><msqrt><mrow><msup><mi>b</mi>' +
    '<mn>2</mn></msup><mo>−</mo><mn>4</mn><mi>a</mi><mi>c</mi></mrow></msqrt></mrow><mrow><mn>2</mn><mi>a</mi></mrow></mfrac></math>',
  '<p>Código usado para calcular a média de chuva:</p>',
  '<pre><code>const mediaDeChuvaPorMes = registrosDaEstacao.filter((registro) =&gt; registro.chuvaEmMilimetros !== null)' +
    '.reduce((soma, registro) =&gt; soma + registro.chuvaEmMilimetros, 0) / registrosDaEstacao.length;</code></pre>',
  '<details><summary>Resposta do exercício</summary><p>A evaporação leva a água para a atmosfera; a condensação ' +
    'forma as nuvens; a precipitação a devolve à superfície.</p></details>',
  '<p>Material complementar: https://conteudo.escola.example.com.br/materiais/2026/ciencias/ciclo-da-agua/atividade-complementar-versao-final.pdf ' +
    '— e uma palavra comprida: Wasserkreislaufbeobachtungsstationsdatenauswertungsprotokoll.</p>',
  `<iframe src="${SCHOOL_CONTENT_URLS.blockedEmbed}" title="Quiz externo"></iframe>`,
  `<iframe src="${SCHOOL_CONTENT_URLS.vimeoPlayer}" width="640" height="360" title="Vídeo no Vimeo"></iframe>`,
  '<p><img src="https://imagens.exemplo.net/foto.jpg" alt="Foto de uma represa"></p>',
  '<p><a href="javascript:alert(document.domain)">link perigoso</a> <a href="  JaVaScRiPt:alert(1)">outro</a> ' +
    '<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="x"> <a href="vbscript:msgbox(1)">vb</a></p>',
  '<p onclick="alert(1)">clique</p>',
  '<script>window.__xss=1</script>',
  '<p>Fim da aula.</p>',
].join('\n');

type LoSeed = { name: string; type: string; url?: string; html?: string; duration?: number };

/** The learning objects of the lesson, in order. */
const OBJECTS: readonly LoSeed[] = [
  { name: SCHOOL_CONTENT_LOS.text, type: 'text', html: SCHOOL_CONTENT_HTML },
  { name: SCHOOL_CONTENT_LOS.youtube, type: 'video', url: SCHOOL_CONTENT_URLS.youtube },
  { name: SCHOOL_CONTENT_LOS.vimeo, type: 'embed', url: SCHOOL_CONTENT_URLS.vimeo },
  { name: SCHOOL_CONTENT_LOS.slides, type: 'embed', url: SCHOOL_CONTENT_URLS.slides },
  { name: SCHOOL_CONTENT_LOS.cdnPdf, type: 'pdf', url: SCHOOL_CONTENT_URLS.cdnPdf },
  { name: SCHOOL_CONTENT_LOS.cdnVideo, type: 'video', url: SCHOOL_CONTENT_URLS.cdnVideo, duration: 3 },
  { name: SCHOOL_CONTENT_LOS.cdnAudio, type: 'audio', url: SCHOOL_CONTENT_URLS.cdnAudio, duration: 3 },
  { name: SCHOOL_CONTENT_LOS.blockedEmbed, type: 'embed', url: SCHOOL_CONTENT_URLS.blockedEmbed },
  { name: SCHOOL_CONTENT_LOS.dangerousLink, type: 'link', url: SCHOOL_CONTENT_URLS.dangerousLink },
];

/** Position of the course in the brand's list: after the catalogue (1–6) and before maratona's own (1000+). */
const COURSE_POSITION = 900;

/**
 * Seed step: inserts what is missing of `escola` and its course.
 * @returns true when it inserted anything.
 */
export async function seedSchoolContent(db: Db): Promise<boolean> {
  const s = SCHOOL_CONTENT_STUDENT;
  const [platform] = await db.rows(sql`SELECT id FROM platforms WHERE id = ${s.platform}`);
  if (!platform) return false;
  let inserted = 0;

  let [student] = await db.rows<{ id: number }>(sql`SELECT id FROM users WHERE access_code = ${s.code}`);
  if (!student) {
    const hash = await hashPassword(DEMO_PASSWORD);
    [student] = await db.rows<{ id: number }>(sql`
      INSERT INTO users (platform_id, access_code, name, email, password_hash, accepted_lgpd)
      VALUES (${s.platform}, ${s.code}, ${s.name}, ${`${s.code}@exemplo.com.br`}, ${hash}, true)
      ON CONFLICT (access_code) DO NOTHING RETURNING id`);
    if (!student) return false;
    inserted++;
  }
  const uid = student.id;

  const course = await findOrInsert(
    db,
    sql`SELECT id FROM courses WHERE audience_user_id = ${uid} AND name = ${SCHOOL_CONTENT_COURSE}`,
    sql`INSERT INTO courses (platform_id, name, description, position, audience_user_id)
      VALUES (${s.platform}, ${SCHOOL_CONTENT_COURSE}, ${SCHOOL_CONTENT_COURSE_DESCRIPTION}, ${COURSE_POSITION}, ${uid})
      RETURNING id`,
  );
  const module = await findOrInsert(
    db,
    sql`SELECT id FROM modules WHERE course_id = ${course.id} AND name = ${SCHOOL_CONTENT_MODULE}`,
    sql`INSERT INTO modules (course_id, name, position) VALUES (${course.id}, ${SCHOOL_CONTENT_MODULE}, 1) RETURNING id`,
  );
  const lesson = await findOrInsert(
    db,
    sql`SELECT id FROM lessons WHERE module_id = ${module.id} AND name = ${SCHOOL_CONTENT_LESSON}`,
    sql`INSERT INTO lessons (module_id, name, position) VALUES (${module.id}, ${SCHOOL_CONTENT_LESSON}, 1) RETURNING id`,
  );
  inserted += course.inserted + module.inserted + lesson.inserted;

  for (const [index, lo] of OBJECTS.entries()) {
    const rows = await db.rows(sql`
      INSERT INTO learning_objects (lesson_id, name, type, position, url, html, duration_seconds)
      SELECT ${lesson.id}, ${lo.name}, ${lo.type}, ${index + 1}, ${lo.url ?? null}, ${lo.html ?? null}, ${lo.duration ?? null}
      WHERE NOT EXISTS (SELECT 1 FROM learning_objects WHERE lesson_id = ${lesson.id} AND name = ${lo.name})
      RETURNING id`);
    inserted += rows.length;
  }
  return inserted > 0;
}

/**
 * The id of the row `select` finds, else of the row `insert` creates.
 * @returns `{ id, inserted }`, `inserted` 1 when the row was created, else 0.
 */
export async function findOrInsert(db: Db, select: SQL, insert: SQL): Promise<{ id: number; inserted: number }> {
  const [found] = await db.rows<{ id: number }>(select);
  if (found) return { id: found.id, inserted: 0 };
  const [created] = await db.rows<{ id: number }>(insert);
  if (!created) throw new Error('seed: insert returned no row');
  return { id: created.id, inserted: 1 };
}
