/**
 * Certificates and documents (docs/product.md §7 certificates base, Bearer, blob answers) over HTTP on a
 * throwaway in-memory database: the three documents are real PDFs (they parse back with
 * pdf-lib) with the student's data, named and typed; a token is needed (Bearer), another
 * student's contract is 404, a missing or bad contract_id is 400; the graduation courses are
 * listed by the student's own erp_user_id only; the demo seed step is idempotent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PDFDocument } from 'pdf-lib';
import {
  DOCUMENT_ISSUE_PATHS,
  DocumentContractListResponse,
  ErrorBody,
  GradCourseListResponse,
  type DocumentContract,
  type DocumentKind,
} from '../src/services/contract';
import { useTestServer, type ApiInit } from './test-support/harness';
import { buildDocumentPdf, ID_CARD_SIZE, type DocumentFacts } from './certificate-pdfs';
import { seedContracts } from './seed-contracts';

const server = useTestServer();
const tokens: Record<string, string> = {};

const BASE = '/api/certificates';

const api = (path: string, init: ApiInit = {}) =>
  server.api(`${BASE}${path}`, { ...init, token: init.token === undefined ? tokens.lxp : init.token, bearer: true });

const contracts = async (as: string): Promise<DocumentContract[]> => {
  const answer = await api('/contracts', { token: tokens[as] });
  expect(answer.status).toBe(200);
  return v.parse(DocumentContractListResponse, await answer.json()).data;
};

const issue = (kind: DocumentKind, query: string, token?: string | null) =>
  api(`${DOCUMENT_ISSUE_PATHS[kind]}${query}`, { method: 'POST', ...(token === undefined ? {} : { token }) });

const errorOf = async (answer: Response, status: number) => {
  expect(answer.status).toBe(status);
  return v.parse(ErrorBody, await answer.json()).message;
};

/** The text a PDF draws (pdf-lib writes Helvetica text as hex strings of WinAnsi bytes). */
async function drawnText(bytes: Uint8Array): Promise<string> {
  const { inflateSync } = await import('node:zlib');
  const raw = Buffer.from(bytes).toString('latin1');
  const parts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    // The end-of-line before `endstream` may be \n or \r\n, and compressed bytes may themselves
    // end in \r: try each cut until one inflates (a fixed regex cut failed on some dates' bytes).
    const body = match[1]!;
    let content = body;
    for (const cut of [body.replace(/\r?\n$/, ''), body.replace(/\n$/, ''), body]) {
      try {
        content = inflateSync(Buffer.from(cut, 'latin1')).toString('latin1');
        break;
      } catch {
        // not this cut
      }
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)) {
      parts.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
    }
  }
  return parts.join(' ');
}

beforeAll(async () => {
  for (const code of ['lxp', 'demo', 'aprovat']) tokens[code] = await server.tokenOf(code);
});

describe('contracts (reference-server addition)', () => {
  it("lists the student's own contracts, newest first, with the ERP id", async () => {
    const lxp = await contracts('lxp');
    expect(lxp.map((c) => [c.contract_id, c.course_name, c.status])).toEqual([
      [2025042, 'Bacharelado em Administração', 'active'],
      [2022017, 'Tecnólogo em Gestão de Recursos Humanos', 'completed'],
    ]);
    expect(new Set(lxp.map((c) => c.erp_user_id))).toEqual(new Set([100003]));
    expect((await contracts('demo')).map((c) => c.contract_id)).toEqual([2026001]);
    expect(await contracts('aprovat')).toEqual([]);
  });

  it('needs a Bearer token (401 without, with a bad one, or with x-access-token only)', async () => {
    expect(await errorOf(await api('/contracts', { token: null }), 401)).toMatch(/Sessão expirada/);
    expect(await errorOf(await api('/contracts', { token: 'nope' }), 401)).toMatch(/Sessão expirada/);
    const answer = await fetch(`${server.url}${BASE}/contracts`, { headers: { 'x-access-token': tokens.lxp! } });
    expect(answer.status).toBe(401);
  });
});

describe('issuing documents (docs/product.md §7 POST …/issue_by_contract?contract_id)', () => {
  const expected: Record<DocumentKind, { file: string; title: RegExp }> = {
    enrollment_statement: { file: 'declaracao-de-matricula', title: /DECLARAÇÃO DE MATRÍCULA/ },
    course_curriculum: { file: 'matriz-curricular', title: /MATRIZ CURRICULAR/ },
    id_card: { file: 'carteirinha-de-estudante', title: /CARTEIRINHA DE ESTUDANTE/ },
  };

  for (const kind of Object.keys(expected) as DocumentKind[]) {
    it(`${kind}: a real PDF with the student's data, typed and named`, async () => {
      const answer = await issue(kind, '?contract_id=2025042');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/pdf');
      expect(answer.headers.get('content-disposition')).toBe(`inline; filename="${expected[kind].file}-2025042.pdf"`);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const bytes = new Uint8Array(await answer.arrayBuffer());
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
      expect(pdf.getTitle()).toContain('Bacharelado em Administração');
      const text = await drawnText(bytes);
      expect(text).toMatch(expected[kind].title);
      expect(text).toContain('Carla Dias');
      expect(text).toContain('lxp');
      expect(text).toContain('Bacharelado em Administração');
      expect(text).toContain('2025042');
      expect(text).toContain('Escola Aprender');
      if (kind === 'id_card') {
        const [width, height] = ID_CARD_SIZE;
        const { width: w, height: h } = pdf.getPage(0).getSize();
        expect([Math.round(w), Math.round(h)]).toEqual([Math.round(width), Math.round(height)]);
      } else {
        // Issue date in pt-BR, e.g. "22 de novembro de 2026".
        expect(text).toMatch(/\d{1,2} de [a-zç]+ de \d{4}/);
      }
    });
  }

  it('prints the curriculum with its subjects and total hours, and the statement the enrolment date', async () => {
    const curriculum = await drawnText(
      new Uint8Array(await (await issue('course_curriculum', '?contract_id=2025042')).arrayBuffer()),
    );
    expect(curriculum).toContain('Fundamentos da Administração');
    expect(curriculum).toContain('Direito Empresarial');
    expect(curriculum).toContain('640 h');
    const statement = await drawnText(
      new Uint8Array(await (await issue('enrollment_statement', '?contract_id=2022017')).arrayBuffer()),
    );
    expect(statement).toContain('concluiu o curso');
    expect(statement).toContain('1 de agosto de 2022');
  });

  it("answers 404 for another student's or an unknown contract, 400 for a missing or bad contract_id", async () => {
    expect(await errorOf(await issue('enrollment_statement', '?contract_id=2026001'), 404)).toBe(
      'Contrato não encontrado.',
    );
    expect(await errorOf(await issue('id_card', '?contract_id=2026001', tokens.aprovat), 404)).toBe(
      'Contrato não encontrado.',
    );
    expect(await errorOf(await issue('course_curriculum', '?contract_id=999999'), 404)).toBe(
      'Contrato não encontrado.',
    );
    for (const query of [
      '',
      '?contract_id=',
      '?contract_id=abc',
      '?contract_id=-1',
      '?contract_id=0',
      '?contract_id=1.5',
    ]) {
      expect(await errorOf(await issue('id_card', query), 400)).toMatch(/contract_id/);
    }
  });

  it('needs a Bearer token', async () => {
    expect(await errorOf(await issue('id_card', '?contract_id=2025042', null), 401)).toMatch(/Sessão expirada/);
  });

  it("issues demo's own contract too", async () => {
    const answer = await issue('enrollment_statement', '?contract_id=2026001', tokens.demo);
    expect(answer.status).toBe(200);
    expect(await drawnText(new Uint8Array(await answer.arrayBuffer()))).toContain('Ana Souza');
  });
});

describe('graduation courses (docs/product.md §7 GET /grad/courses/?erp_user_id)', () => {
  it("lists the student's graduation courses by their own erp_user_id, newest first", async () => {
    const answer = await api('/grad/courses/?erp_user_id=100003');
    expect(answer.status).toBe(200);
    const list = v.parse(GradCourseListResponse, await answer.json()).data;
    expect(list.map((g) => [g.name, g.degree, g.semesters, g.current_semester, g.status, g.contract_id])).toEqual([
      ['Bacharelado em Administração', 'Bacharelado', 8, 3, 'in_progress', 2025042],
      ['Tecnólogo em Gestão de Recursos Humanos', 'Tecnólogo', 4, null, 'completed', 2022017],
    ]);
    // Without the trailing slash too.
    expect((await api('/grad/courses?erp_user_id=100003')).status).toBe(200);
  });

  it('is empty for a student without graduation courses', async () => {
    const answer = await api('/grad/courses/?erp_user_id=100001', { token: tokens.demo });
    expect(v.parse(GradCourseListResponse, await answer.json()).data).toEqual([]);
  });

  it("answers 404 for another student's erp_user_id, 400 for a bad one, 401 without a token", async () => {
    expect(await errorOf(await api('/grad/courses/?erp_user_id=100003', { token: tokens.demo }), 404)).toBe(
      'Aluno não encontrado.',
    );
    expect(await errorOf(await api('/grad/courses/?erp_user_id=x'), 400)).toMatch(/erp_user_id/);
    expect(await errorOf(await api('/grad/courses/'), 400)).toMatch(/erp_user_id/);
    expect((await api('/grad/courses/?erp_user_id=100003', { token: null })).status).toBe(401);
  });
});

describe('PDF builder and seed', () => {
  it('replaces characters the standard fonts cannot encode instead of failing', async () => {
    const facts: DocumentFacts = {
      studentName: 'Zoë Ñandú 李',
      accessCode: 'x',
      contractId: 1,
      courseName: 'Curso “especial” — ação',
      status: 'active',
      enrolledOn: '2026-01-05',
      workloadHours: 10,
      curriculum: [{ period: 1, subject: 'Introdução', hours: 10 }],
      platformName: 'Escola',
      primaryColor: 'not-a-colour',
    };
    for (const kind of Object.keys(DOCUMENT_ISSUE_PATHS) as DocumentKind[]) {
      const text = await drawnText(await buildDocumentPdf(kind, facts, new Date('2026-03-01T12:00:00Z')));
      expect(text).toContain('Zoë Ñandú ?');
    }
  });

  it('the demo seed step is idempotent', async () => {
    expect(await seedContracts(server.db)).toBe(false);
    expect((await contracts('lxp')).length).toBe(2);
  });
});
