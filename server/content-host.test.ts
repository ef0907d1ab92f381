/**
 * The demo content host (server/content-host.ts) and the school-authored course
 * (server/seed-school-content.ts) over HTTP: files with CORS/CORP, byte ranges, nothing else on
 * that host; learning objects whose content-host URLs name the request's port; the course seen
 * by `escola` only; the seed step idempotent.
 *
 * The content host is told apart by the `Host` header, which `fetch` does not let a caller
 * set, so these requests go through `node:http` (which also sends paths as written, `../`
 * included).
 */
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import { CourseListResponse, CourseResponse, LearningObjectResponse, ModuleResponse } from '../src/services/contract';
import { useTestServer } from './test-support/harness';
import {
  CONTENT_FILES_DIR,
  contentOriginOf,
  parseRange,
  SEEDED_CONTENT_ORIGIN,
  withContentOrigin,
} from './content-host';
import {
  SCHOOL_CONTENT_COURSE,
  SCHOOL_CONTENT_LOS,
  SCHOOL_CONTENT_STUDENT,
  seedSchoolContent,
} from './seed-school-content';
import { seedAdditions } from './seed-additions';

const server = useTestServer();

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request to the test server with a raw path and any `Host` header. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: 'localhost', port: server.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A request to the content host on the test server's port. */
const content = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  raw(path, { host: `conteudo.localhost:${server.port}`, ...headers }, method);

const fileBytes = (name: string) => readFileSync(join(CONTENT_FILES_DIR, name));

describe('the content host (Host conteudo.localhost)', () => {
  it('serves a file with its type and the CORS, CORP and cache headers, without framing rules', async () => {
    const answer = await content('/files/diagrama.svg');
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'timing-allow-origin': '*',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=3600',
      'accept-ranges': 'bytes',
    });
    expect(answer.headers['access-control-expose-headers']).toContain('Content-Range');
    expect(answer.body.equals(fileBytes('diagrama.svg'))).toBe(true);
    expect(answer.body.toString('utf8')).toMatch(/<svg[^>]* width="640" height="360" viewBox="0 0 640 360"/);
    for (const name of ['content-security-policy', 'x-frame-options', 'strict-transport-security']) {
      expect(answer.headers[name], name).toBeUndefined();
    }
    const pdf = await content('/files/apostila-escola.pdf');
    expect([pdf.status, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await content('/files/podcast-escola.ogg')).headers['content-type']).toBe('audio/ogg');
    expect((await content('/files/aula-escola.webm.vtt')).headers['content-type']).toBe('text/vtt; charset=utf-8');
  });

  it('answers byte ranges: 206 with Content-Range, 416 when unsatisfiable; HEAD without a body', async () => {
    const whole = fileBytes('aula-escola.webm');
    const answer = await content('/files/aula-escola.webm', { range: 'bytes=0-9' });
    expect(answer.status).toBe(206);
    expect(answer.headers['content-type']).toBe('video/webm');
    expect(answer.headers['content-range']).toBe(`bytes 0-9/${whole.length}`);
    expect(answer.headers['content-length']).toBe('10');
    expect(answer.body.equals(whole.subarray(0, 10))).toBe(true);

    const tail = await content('/files/aula-escola.webm', { range: 'bytes=-4' });
    expect([tail.status, tail.headers['content-range']]).toEqual([
      206,
      `bytes ${whole.length - 4}-${whole.length - 1}/${whole.length}`,
    ]);
    expect(tail.body.equals(whole.subarray(-4))).toBe(true);

    const open = await content('/files/aula-escola.webm', { range: `bytes=${whole.length - 3}-` });
    expect([open.status, open.body.length]).toEqual([206, 3]);

    const beyond = await content('/files/aula-escola.webm', { range: `bytes=${whole.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${whole.length}`);

    const full = await content('/files/aula-escola.webm');
    expect([full.status, full.body.length]).toEqual([200, whole.length]);

    const head = await content('/files/aula-escola.webm', {}, 'HEAD');
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, String(whole.length), 0]);
  });

  it('answers the CORS preflight with 204 and the allowed methods and headers', async () => {
    const answer = await content(
      '/files/aula-escola.webm',
      {
        origin: `http://localhost:${server.port}`,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'range, x-offline-download',
      },
      'OPTIONS',
    );
    expect(answer.status).toBe(204);
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD',
      'access-control-allow-headers': 'Range, X-Offline-Download',
      'access-control-expose-headers': 'Content-Length, Content-Range, Accept-Ranges',
    });
  });

  it('answers nothing else: unknown files, the API, the app, other methods and traversal are 404', async () => {
    const token = await server.tokenOf('demo');
    const paths = [
      '/files/nao-existe.svg',
      '/files/',
      '/files/Diagrama.svg',
      '/files/leiame.txt',
      '/api/v1/platforms/1',
      '/api/v1/users/self',
      '/',
      '/courses/1',
      '/manifest.webmanifest',
      '/files/../app.ts',
      '/files/../../package.json',
      '/files/..%2fapp.ts',
      '/files/%2e%2e%2fapp.ts',
      '/files/..',
      '/files/.hidden.svg',
      '/files/%2e%2e',
      '/files/diagrama.svg/',
      '/files/sub/diagrama.svg',
    ];
    for (const path of paths) {
      const answer = await content(path, { 'x-access-token': token });
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type'], path).toBe('text/plain; charset=utf-8');
    }
    expect((await content('/files/diagrama.svg', {}, 'POST')).status).toBe(404);
    expect((await content('/files/diagrama.svg', {}, 'DELETE')).status).toBe(404);
    expect((await content('/api/v1/platforms/1', {}, 'OPTIONS')).status).toBe(404);
    // Any port, any case: the host name decides.
    expect((await raw('/files/diagrama.svg', { host: 'CONTEUDO.localhost' })).status).toBe(200);
    // Other hosts never see the content files; the API still answers there.
    expect((await raw('/files/diagrama.svg', { host: `localhost:${server.port}` })).status).toBe(404);
    expect((await raw('/api/v1/platforms/1', { host: `localhost:${server.port}` })).status).toBe(200);
  });
});

describe('helpers', () => {
  it('derive the content origin from the Host port and rewrite only the seeded prefix', () => {
    expect(contentOriginOf('localhost:4173')).toBe('http://conteudo.localhost:4173');
    expect(contentOriginOf('127.0.0.1:51234')).toBe('http://conteudo.localhost:51234');
    expect(contentOriginOf('[::1]:8080')).toBe('http://conteudo.localhost:8080');
    expect(contentOriginOf('localhost')).toBe(SEEDED_CONTENT_ORIGIN);
    expect(contentOriginOf(undefined)).toBe(SEEDED_CONTENT_ORIGIN);
    const html =
      '<img src="http://conteudo.localhost/files/a.svg"><a href="http://conteudo.localhost/files/b.pdf">b</a>';
    expect(withContentOrigin(html, 'http://conteudo.localhost:9')).toBe(
      '<img src="http://conteudo.localhost:9/files/a.svg"><a href="http://conteudo.localhost:9/files/b.pdf">b</a>',
    );
    expect(withContentOrigin('http://conteudo.localhost:1/x https://example.com/', 'http://conteudo.localhost:9')).toBe(
      'http://conteudo.localhost:1/x https://example.com/',
    );
  });

  it('parse one byte range against a size', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-0', 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});

describe('the school-authored course (student escola)', () => {
  /** GET with a session token and an explicit Host, through node:http. */
  const getJson = async (path: string, token: string, host = `localhost:${server.port}`) => {
    const answer = await raw(path, { host, 'x-access-token': token, 'x-user-environment': 'WEB' });
    expect(answer.status, path).toBe(200);
    return JSON.parse(answer.body.toString('utf8')) as unknown;
  };

  /** The course's learning objects by name, with their lesson ids: course name → module → lesson. */
  async function schoolObjects(token: string) {
    const list = v.parse(CourseListResponse, await getJson('/api/v2/lms/courses?per_page=100', token));
    const summary = list.data.find((c) => c.name === SCHOOL_CONTENT_COURSE);
    expect(summary, 'course listed').toBeDefined();
    const course = v.parse(CourseResponse, await getJson(`/api/v1/lms/courses/${summary!.id}`, token)).data;
    expect(course.modules).toHaveLength(1);
    const module = v.parse(ModuleResponse, await getJson(`/api/v1/lms/modules/${course.modules[0]!.id}`, token)).data;
    return new Map(module.lessons.flatMap((l) => l.learning_objects.map((lo) => [lo.name, { ...lo, lessonId: l.id }])));
  }

  const openObject = async (token: string, lo: { id: number; lessonId: number }, host?: string) => {
    const path = `/api/v1/lms/learningObjects/${lo.id}?lesson_id=${lo.lessonId}`;
    return v.parse(LearningObjectResponse, await getJson(path, token, host)).data;
  };

  it('is listed for escola with its learning objects in order', async () => {
    const token = await server.tokenOf(SCHOOL_CONTENT_STUDENT.code);
    const objects = await schoolObjects(token);
    expect([...objects.keys()]).toEqual(Object.values(SCHOOL_CONTENT_LOS));
    expect([...objects.values()].map((lo) => lo.type)).toEqual([
      'text',
      'video',
      'embed',
      'embed',
      'pdf',
      'video',
      'audio',
      'embed',
      'link',
    ]);
    expect(objects.get(SCHOOL_CONTENT_LOS.cdnVideo)!.duration_seconds).toBe(3);
  });

  it('answers content-host URLs on the port of the request', async () => {
    const token = await server.tokenOf(SCHOOL_CONTENT_STUDENT.code);
    const objects = await schoolObjects(token);
    const origin = `http://conteudo.localhost:${server.port}`;

    const text = await openObject(token, objects.get(SCHOOL_CONTENT_LOS.text)!);
    expect(text.content.html).toContain(`<img src="${origin}/files/diagrama.svg" width="640" height="360"`);
    expect(text.content.html).not.toContain(`${SEEDED_CONTENT_ORIGIN}/`);
    const html = text.content.html!;
    for (const part of [
      '<h2>Ciclo da água</h2>',
      '<p style="text-align: center;"><strong>Leia com atenção.</strong></p>',
      '<figcaption>Figura 1 — O ciclo da água.</figcaption></figure>',
      '<p>Assista:</p>\n<iframe width="560" height="315" src="https://www.youtube.com/embed/M7lc1UVf-VE" ' +
        'title="Vídeo: o ciclo da água" frameborder="0" allow="accelerometer; autoplay; clipboard-write; ' +
        'encrypted-media; gyroscope; picture-in-picture" allowfullscreen></iframe>',
      '<table style="width: 1000px; border-collapse: collapse;"',
      '<p>Fórmula:</p>\n<math display="block"><mi>x</mi><mo>=</mo><mfrac><mrow><mo>−</mo><mi>b</mi><mo>±</mo>' +
        '<msqrt><mrow><msup><mi>b</mi><mn>2</mn></msup><mo>−</mo><mn>4</mn><mi>a</mi><mi>c</mi></mrow></msqrt>' +
        '</mrow><mrow><mn>2</mn><mi>a</mi></mrow></mfrac></math>',
      '<details><summary>Resposta do exercício</summary><p>',
      '<iframe src="https://widgets.exemplo.net/quiz/42" title="Quiz externo"></iframe>',
      '<iframe src="https://player.vimeo.com/video/76979871" width="640" height="360" title="Vídeo no Vimeo"></iframe>',
      '<img src="https://imagens.exemplo.net/foto.jpg" alt="Foto de uma represa">',
      '<a href="javascript:alert(document.domain)">link perigoso</a>',
      '<a href="  JaVaScRiPt:alert(1)">outro</a>',
      '<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="x">',
      '<a href="vbscript:msgbox(1)">vb</a>',
      '<p onclick="alert(1)">clique</p>',
      '<script>window.__xss=1</script>',
    ]) {
      expect(html, part).toContain(part);
    }
    expect(html.match(/<th /g)).toHaveLength(8);
    expect(html.match(/<tr>/g)).toHaveLength(5);
    expect(html.trimEnd().endsWith('<p>Fim da aula.</p>')).toBe(true);

    const pdf = await openObject(token, objects.get(SCHOOL_CONTENT_LOS.cdnPdf)!);
    expect(pdf.content.url).toBe(`${origin}/files/apostila-escola.pdf`);
    const video = await openObject(token, objects.get(SCHOOL_CONTENT_LOS.cdnVideo)!);
    expect(video.content.url).toBe(`${origin}/files/aula-escola.webm`);
    const youtube = await openObject(token, objects.get(SCHOOL_CONTENT_LOS.youtube)!);
    expect(youtube.content.url).toBe('https://www.youtube.com/watch?v=M7lc1UVf-VE');
    const link = await openObject(token, objects.get(SCHOOL_CONTENT_LOS.dangerousLink)!);
    expect(link.content.url).toBe('javascript:alert(document.domain)');

    // Another port in the Host header (a proxy, another listener): that port.
    const elsewhere = await openObject(token, objects.get(SCHOOL_CONTENT_LOS.cdnPdf)!, 'localhost:4999');
    expect(elsewhere.content.url).toBe('http://conteudo.localhost:4999/files/apostila-escola.pdf');

    // The URL really answers on the content host.
    const path = new URL(pdf.content.url!).pathname;
    expect((await content(path)).status).toBe(200);
  });

  it('is not listed for other students', async () => {
    const token = await server.tokenOf('demo');
    const list = v.parse(CourseListResponse, await getJson('/api/v2/lms/courses?per_page=100', token));
    expect(list.data.map((c) => c.name)).not.toContain(SCHOOL_CONTENT_COURSE);
    expect(list.pagination.total).toBe(4);
  });

  it('is seeded once (idempotent)', async () => {
    const count = async () =>
      (
        await server.db.rows<{ n: number }>(sql`
          SELECT (SELECT count(*) FROM users WHERE access_code = ${SCHOOL_CONTENT_STUDENT.code})
            + (SELECT count(*) FROM courses WHERE name = ${SCHOOL_CONTENT_COURSE})
            + (SELECT count(*) FROM learning_objects lo JOIN lessons l ON l.id = lo.lesson_id
                JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id
                WHERE c.name = ${SCHOOL_CONTENT_COURSE}) AS n`)
      )[0]!.n;
    expect(await count()).toBe(1 + 1 + Object.keys(SCHOOL_CONTENT_LOS).length);
    expect(await seedSchoolContent(server.db)).toBe(false);
    expect(await seedAdditions(server.db)).toBe(0);
    expect(await count()).toBe(1 + 1 + Object.keys(SCHOOL_CONTENT_LOS).length);
  });
});
