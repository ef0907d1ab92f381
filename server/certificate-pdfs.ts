/**
 * The three documents of the certificates API (docs/product.md §7), built as real PDFs with pdf-lib and
 * its standard fonts (Helvetica, WinAnsi: Portuguese accents work; any other character is
 * replaced by '?'):
 * - enrollment statement ("Declaração de matrícula"), A4;
 * - course curriculum ("Matriz curricular"), A4, the contract's subjects per period;
 * - student ID card ("Carteirinha de estudante"), one ID-1 card-sized page (85.6 × 54 mm).
 * Each carries the student's name and access code, the course, the contract id, the issue
 * date in pt-BR (America/Sao_Paulo), the platform's name and a verification code.
 *
 *   buildDocumentPdf(kind, facts: DocumentFacts, issuedAt = new Date()) → Promise<Uint8Array>
 */
import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { DocumentKind } from '../src/services/contract';
import type { CurriculumLine } from './seed-contracts';

/** What a document says about the student, the contract and the platform. */
export interface DocumentFacts {
  studentName: string;
  accessCode: string;
  contractId: number;
  courseName: string;
  status: 'active' | 'completed';
  /** `YYYY-MM-DD`. */
  enrolledOn: string;
  workloadHours: number;
  curriculum: CurriculumLine[];
  platformName: string;
  /** `#RRGGBB`, the platform's primary colour (ID card band). */
  primaryColor: string;
}

/** Title and download name stem of each document (`<stem>-<contract_id>.pdf`). */
export const DOCUMENTS: Record<DocumentKind, { title: string; fileStem: string }> = {
  enrollment_statement: { title: 'Declaração de matrícula', fileStem: 'declaracao-de-matricula' },
  course_curriculum: { title: 'Matriz curricular', fileStem: 'matriz-curricular' },
  id_card: { title: 'Carteirinha de estudante', fileStem: 'carteirinha-de-estudante' },
};

const A4: [number, number] = [595.28, 841.89];
/** ID-1 card, 85.6 × 54 mm in points. */
export const ID_CARD_SIZE: [number, number] = [242.65, 153.07];
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);
const TIME_ZONE = 'America/Sao_Paulo';

const longDate = (date: Date) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: TIME_ZONE }).format(date);
const shortDate = (date: Date) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: TIME_ZONE }).format(date);
/** `2025-02-10` → "10 de fevereiro de 2025" (a calendar day: no time-zone shift). */
const longDay = (day: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

const hexColor = (hex: string): RGB => {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return m
    ? rgb(parseInt(m[1]!, 16) / 255, parseInt(m[2]!, 16) / 255, parseInt(m[3]!, 16) / 255)
    : rgb(0.04, 0.34, 0.82);
};

/** A short code that ties the printed document to its contract, kind and issue time. */
export const verificationCode = (kind: DocumentKind, contractId: number, issuedAt: Date) =>
  createHash('sha256')
    .update(`${kind}:${contractId}:${issuedAt.toISOString()}`)
    .digest('hex')
    .slice(0, 12)
    .toUpperCase()
    .replace(/(.{4})(?!$)/g, '$1-');

interface Writer {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  /** Text the fonts can encode (spaces for no-break spaces, '?' for the rest). */
  safe(text: string): string;
}

async function newDocument(kind: DocumentKind, facts: DocumentFacts, issuedAt: Date, size: [number, number]) {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const charset = new Set(regular.getCharacterSet());
  const safe = (text: string) =>
    Array.from(text.replace(/[\u00a0\u202f\u2009]/g, ' '))
      .map((ch) => (charset.has(ch.codePointAt(0)!) ? ch : '?'))
      .join('');
  const title = `${DOCUMENTS[kind].title} — ${facts.courseName}`;
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setAuthor(facts.platformName);
  doc.setSubject(`${DOCUMENTS[kind].title} de ${facts.studentName}, contrato nº ${facts.contractId}`);
  doc.setCreator(facts.platformName);
  doc.setProducer('Plataforma de referência (pdf-lib)');
  doc.setLanguage('pt-BR');
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);
  const page = doc.addPage(size);
  return { doc, writer: { page, regular, bold, safe } satisfies Writer };
}

/** Draws `text` wrapped to `width`; @returns the y below the last line. */
function paragraph(w: Writer, text: string, x: number, y: number, width: number, size: number, font = w.regular) {
  const words = w.safe(text).split(/\s+/);
  let line = '';
  const lineHeight = size * 1.45;
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      w.page.drawText(line, { x, y, size, font, color: INK });
      y -= lineHeight;
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) w.page.drawText(line, { x, y, size, font, color: INK });
  return y - lineHeight;
}

/** `text` cut with '…' so that it fits `width`. */
function fit(w: Writer, text: string, font: PDFFont, size: number, width: number) {
  let out = w.safe(text);
  if (font.widthOfTextAtSize(out, size) <= width) return out;
  while (out.length > 1 && font.widthOfTextAtSize(`${out}…`, size) > width) out = out.slice(0, -1);
  return `${out.trimEnd()}…`;
}

function letterhead(w: Writer, facts: DocumentFacts, heading: string) {
  const [width, height] = [w.page.getWidth(), w.page.getHeight()];
  let y = height - MARGIN;
  w.page.drawText(w.safe(facts.platformName), {
    x: MARGIN,
    y,
    size: 18,
    font: w.bold,
    color: hexColor(facts.primaryColor),
  });
  y -= 14;
  w.page.drawLine({
    start: { x: MARGIN, y },
    end: { x: width - MARGIN, y },
    thickness: 1,
    color: hexColor(facts.primaryColor),
  });
  y -= 48;
  const title = w.safe(heading.toUpperCase());
  const titleSize = 16;
  w.page.drawText(title, {
    x: (width - w.bold.widthOfTextAtSize(title, titleSize)) / 2,
    y,
    size: titleSize,
    font: w.bold,
    color: INK,
  });
  return y - 40;
}

function footer(w: Writer, facts: DocumentFacts, kind: DocumentKind, issuedAt: Date) {
  const width = w.page.getWidth() - 2 * MARGIN;
  const y = paragraph(
    w,
    `Documento emitido eletronicamente pela plataforma ${facts.platformName} em ${longDate(issuedAt)}.`,
    MARGIN,
    MARGIN + 24,
    width,
    9,
  );
  w.page.drawText(w.safe(`Código de verificação: ${verificationCode(kind, facts.contractId, issuedAt)}`), {
    x: MARGIN,
    y: Math.min(y + 2, MARGIN + 10),
    size: 9,
    font: w.regular,
    color: MUTED,
  });
}

/** Label: value rows; @returns the y below them. */
function factRows(w: Writer, rows: [string, string][], y: number) {
  const width = w.page.getWidth() - 2 * MARGIN;
  for (const [label, value] of rows) {
    const text = w.safe(`${label}: `);
    w.page.drawText(text, { x: MARGIN, y, size: 11, font: w.bold, color: INK });
    const x = MARGIN + w.bold.widthOfTextAtSize(text, 11);
    w.page.drawText(fit(w, value, w.regular, 11, width - (x - MARGIN)), {
      x,
      y,
      size: 11,
      font: w.regular,
      color: INK,
    });
    y -= 20;
  }
  return y;
}

const statusText = (status: DocumentFacts['status']) => (status === 'active' ? 'Ativo' : 'Concluído');

async function enrollmentStatement(f: DocumentFacts, issuedAt: Date) {
  const { doc, writer: w } = await newDocument('enrollment_statement', f, issuedAt, A4);
  let y = letterhead(w, f, DOCUMENTS.enrollment_statement.title);
  const situation =
    f.status === 'active'
      ? `está regularmente matriculado(a) no curso ${f.courseName}`
      : `esteve matriculado(a) e concluiu o curso ${f.courseName}`;
  y = paragraph(
    w,
    `Declaramos, para os devidos fins, que ${f.studentName}, código de acesso ${f.accessCode}, ${situation}, ` +
      `oferecido pela plataforma ${f.platformName}, sob o contrato nº ${f.contractId}, com ingresso em ${longDay(f.enrolledOn)}.`,
    MARGIN,
    y,
    w.page.getWidth() - 2 * MARGIN,
    12,
  );
  y = factRows(
    w,
    [
      ['Aluno(a)', f.studentName],
      ['Código de acesso', f.accessCode],
      ['Curso', f.courseName],
      ['Contrato nº', String(f.contractId)],
      ['Situação', statusText(f.status)],
      ['Data de ingresso', longDay(f.enrolledOn)],
      ['Carga horária total', `${f.workloadHours} horas`],
    ],
    y - 16,
  );
  paragraph(w, `Emitido em ${longDate(issuedAt)}.`, MARGIN, y - 24, w.page.getWidth() - 2 * MARGIN, 12);
  footer(w, f, 'enrollment_statement', issuedAt);
  return doc.save();
}

async function courseCurriculum(f: DocumentFacts, issuedAt: Date) {
  const { doc, writer: w } = await newDocument('course_curriculum', f, issuedAt, A4);
  let y = letterhead(w, f, DOCUMENTS.course_curriculum.title);
  y = factRows(
    w,
    [
      ['Curso', f.courseName],
      ['Aluno(a)', f.studentName],
      ['Código de acesso', f.accessCode],
      ['Contrato nº', String(f.contractId)],
    ],
    y,
  );
  y -= 16;
  const right = w.page.getWidth() - MARGIN;
  const columns = { period: MARGIN, subject: MARGIN + 80, hours: right };
  const header = (label: string, x: number, alignRight = false) =>
    w.page.drawText(w.safe(label), {
      x: alignRight ? x - w.bold.widthOfTextAtSize(w.safe(label), 11) : x,
      y,
      size: 11,
      font: w.bold,
      color: INK,
    });
  header('Período', columns.period);
  header('Disciplina', columns.subject);
  header('Carga horária', columns.hours, true);
  y -= 8;
  w.page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.75, color: MUTED });
  y -= 16;
  for (const line of f.curriculum) {
    if (y < MARGIN + 80) break; // one page: the demo curricula fit; longer ones are cut
    const hours = w.safe(`${line.hours} h`);
    w.page.drawText(w.safe(`${line.period}º`), { x: columns.period, y, size: 11, font: w.regular, color: INK });
    w.page.drawText(fit(w, line.subject, w.regular, 11, columns.hours - columns.subject - 70), {
      x: columns.subject,
      y,
      size: 11,
      font: w.regular,
      color: INK,
    });
    w.page.drawText(hours, {
      x: columns.hours - w.regular.widthOfTextAtSize(hours, 11),
      y,
      size: 11,
      font: w.regular,
      color: INK,
    });
    y -= 18;
  }
  w.page.drawLine({ start: { x: MARGIN, y: y + 10 }, end: { x: right, y: y + 10 }, thickness: 0.75, color: MUTED });
  const total = w.safe(`${f.curriculum.reduce((sum, l) => sum + l.hours, 0)} h`);
  w.page.drawText(w.safe('Total'), { x: columns.subject, y: y - 6, size: 11, font: w.bold, color: INK });
  w.page.drawText(total, {
    x: columns.hours - w.bold.widthOfTextAtSize(total, 11),
    y: y - 6,
    size: 11,
    font: w.bold,
    color: INK,
  });
  footer(w, f, 'course_curriculum', issuedAt);
  return doc.save();
}

async function idCard(f: DocumentFacts, issuedAt: Date) {
  const { doc, writer: w } = await newDocument('id_card', f, issuedAt, ID_CARD_SIZE);
  const [width, height] = ID_CARD_SIZE;
  const brand = hexColor(f.primaryColor);
  const pad = 10;
  w.page.drawRectangle({ x: 0, y: height - 34, width, height: 34, color: brand });
  w.page.drawText(fit(w, f.platformName, w.bold, 10, width - 2 * pad), {
    x: pad,
    y: height - 16,
    size: 10,
    font: w.bold,
    color: rgb(1, 1, 1),
  });
  w.page.drawText(w.safe('CARTEIRINHA DE ESTUDANTE'), {
    x: pad,
    y: height - 28,
    size: 7,
    font: w.regular,
    color: rgb(1, 1, 1),
  });
  // Photo placeholder with the student's initials.
  const photo = { x: pad, y: 30, width: 52, height: 70 };
  w.page.drawRectangle({ ...photo, borderColor: brand, borderWidth: 1, color: rgb(0.94, 0.95, 0.98) });
  const initials = w.safe(
    f.studentName
      .split(/\s+/)
      .filter(Boolean)
      .map((part) => part[0]!.toUpperCase())
      .slice(0, 2)
      .join(''),
  );
  w.page.drawText(initials, {
    x: photo.x + (photo.width - w.bold.widthOfTextAtSize(initials, 18)) / 2,
    y: photo.y + photo.height / 2 - 6,
    size: 18,
    font: w.bold,
    color: brand,
  });
  const x = photo.x + photo.width + 10;
  const textWidth = width - x - pad;
  let y = height - 50;
  w.page.drawText(fit(w, f.studentName, w.bold, 10, textWidth), { x, y, size: 10, font: w.bold, color: INK });
  const line = (label: string, value: string) => {
    y -= 12;
    w.page.drawText(fit(w, `${label}: ${value}`, w.regular, 7, textWidth), {
      x,
      y,
      size: 7,
      font: w.regular,
      color: INK,
    });
  };
  line('Código de acesso', f.accessCode);
  line('Curso', f.courseName);
  line('Contrato nº', String(f.contractId));
  line(
    'Validade',
    `31/12/${new Intl.DateTimeFormat('pt-BR', { year: 'numeric', timeZone: TIME_ZONE }).format(issuedAt)}`,
  );
  line('Emitida em', shortDate(issuedAt));
  w.page.drawText(w.safe(`Verificação: ${verificationCode('id_card', f.contractId, issuedAt)}`), {
    x: pad,
    y: 12,
    size: 6,
    font: w.regular,
    color: MUTED,
  });
  return doc.save();
}

/** Builds the PDF of `kind` for `facts`, dated `issuedAt`. @returns the PDF bytes (`%PDF-…`). */
export function buildDocumentPdf(kind: DocumentKind, facts: DocumentFacts, issuedAt = new Date()): Promise<Uint8Array> {
  switch (kind) {
    case 'enrollment_statement':
      return enrollmentStatement(facts, issuedAt);
    case 'course_curriculum':
      return courseCurriculum(facts, issuedAt);
    case 'id_card':
      return idCard(facts, issuedAt);
  }
}
