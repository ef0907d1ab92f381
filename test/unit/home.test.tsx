/**
 * Home and areas: the dashboard (courses with 'Continuar', upcoming items, pending
 * bills), area shortcuts by the student's flags, the banner carousel (keyboard, pause,
 * indicators, reduced motion, live announcement only on navigation), the area screens with
 * their server content, and the SSO allowlist.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ReactNode } from 'react';
import type { Banner, Dashboard, Platform, PlatformSetting, User } from '../../src/services/contract';
import { ApiError } from '../../src/services/http/errors';
import { isPastDay, localDay } from '../../src/views/home/upcoming';
import { sessionMachine } from '../../src/machines/session.machine';
import { ADVANCE_MS, carouselMachine } from '../../src/machines/carousel.machine';
import type { PlatformRef } from '../../src/views/platform-context';
import { WithAppActors } from '../fixtures/app-actors';
import { platformMachine } from '../../src/machines/platform.machine';
import { safeSsoUrl } from '../../src/services/navigation/safe-redirect';
import { demoUser } from '../fixtures/user';

vi.mock('../../src/services/api/home', () => ({
  getDashboard: vi.fn(),
  getBanners: vi.fn(),
  getProfessionalizingCourses: vi.fn(),
  postAprovatExternalUser: vi.fn(),
  getTrafficModules: vi.fn(),
  getEjaStages: vi.fn(),
  postLxpSso: vi.fn(),
  ssoOrigins: () => ['http://localhost:3000'],
}));
vi.mock('../../src/services/api/certificates', () => ({
  getDocumentContracts: vi.fn(),
  getGradCourses: vi.fn(),
}));
import * as api from '../../src/services/api/home';
import * as certificates from '../../src/services/api/certificates';
import HomeScreen from '../../src/views/home/screen';
import { BannerCarouselView } from '../../src/views/home/carousel';
import ProfessionalizingScreen from '../../src/views/areas/professionalizing';
import TrafficScreen from '../../src/views/areas/traffic';
import GraduationScreen from '../../src/views/areas/graduation';
import TecmixScreen from '../../src/views/areas/tecmix';

const DASHBOARD: Dashboard = {
  courses: [
    {
      id: 1,
      name: 'Introdução à Informática',
      image_url: null,
      progress: 40,
      status: 'in_progress',
      continue_learning_object: { id: 9, lesson_id: 3, module_id: 2 },
    },
    {
      id: 4,
      name: 'Empreendedorismo',
      image_url: null,
      progress: 0,
      status: 'not_started',
      continue_learning_object: null,
    },
  ],
  upcoming: [
    { kind: 'bill', title: 'Mensalidade de março', date: '2026-03-10', link: '/finances' },
    {
      kind: 'assessment',
      title: 'Prova final — Introdução à Informática',
      date: '2026-04-13',
      link: '/grades/course/1',
    },
  ],
  pending_bills: 3,
};

const banner = (id: number, title: string): Banner => ({
  id,
  title,
  text: `Texto de ${title}`,
  image_url: `/api/files/media/banner-${id}.svg`,
  alt: `Imagem ${id}`,
  link: '/courses',
  visible_ead: true,
  position: id,
});
const BANNERS = [banner(1, 'Matrículas abertas'), banner(2, 'Semana da leitura'), banner(3, 'Suas notas em dia')];

function sessionFor(user: User) {
  return createActor(
    sessionMachine.provide({
      actors: { fetchUser: fromPromise(async () => user), postLoginSetup: fromPromise(async () => {}) },
    }),
    { input: { hasToken: true, cachedUser: user } },
  ).start();
}

function renderWith(ui: ReactNode, user: User = demoUser, path = '/home', platform: PlatformRef | null = null) {
  const location = memoryLocation({ path, record: true });
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <WithAppActors actors={{ platform: platform ?? undefined, session: sessionFor(user) }}>
          <Router hook={location.hook}>{ui}</Router>
        </WithAppActors>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return location;
}

/** A platform actor whose lookup answers when `answer` is called (options as given). */
function platformWith(options: Record<string, unknown>) {
  let answer: () => void = () => {};
  const found: Platform = {
    id: 2,
    name: 'Academia Stream',
    host: '127.0.0.1',
    theme: {
      template: 'streaming',
      icons: { favicon: '/favicon.svg', logo: null },
      palette: { primary: { main: '#7A1FA2' }, secondary: { main: '#00796B' } },
    },
    options,
    is_external_platform: false,
    external_api_url: null,
    enforce_session_throttle: false,
  };
  const actor = createActor(
    platformMachine.provide({
      actors: {
        lookupPlatform: fromPromise<Platform, { host: string }>(
          () => new Promise((resolve) => (answer = () => resolve(found))),
        ),
        loadSettings: fromPromise<PlatformSetting[], { id: number }>(async () => []),
      },
    }),
    { input: { host: '127.0.0.1' } },
  ).start();
  return { actor, answer: () => answer() };
}

const reducedMotion = (reduce: boolean) => {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: reduce && query.includes('reduce'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
};

beforeEach(() => {
  vi.mocked(api.getDashboard).mockResolvedValue(DASHBOARD);
  vi.mocked(api.getBanners).mockResolvedValue(BANNERS);
  reducedMotion(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('home dashboard', () => {
  it('shows courses with progress and Continuar, upcoming items and pending bills', async () => {
    renderWith(<HomeScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Página inicial' })).toBeInTheDocument();
    expect(screen.getByText('Olá, Ana!')).toBeInTheDocument();
    const cont = await screen.findByRole('link', { name: 'Continuar: Introdução à Informática' });
    expect(cont).toHaveAttribute('href', '/courses/1/modules/2/learningObjects/9');
    expect(screen.getByRole('link', { name: 'Abrir curso: Empreendedorismo' })).toHaveAttribute('href', '/courses/4');
    expect(screen.getByRole('progressbar', { name: 'Introdução à Informática: 40%' })).toHaveAttribute('value', '40');
    expect(screen.getByText('Você tem 3 faturas pendentes.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver faturas' })).toHaveAttribute('href', '/finances');
    expect(screen.getByRole('link', { name: 'Prova final — Introdução à Informática' })).toHaveAttribute(
      'href',
      '/grades/course/1',
    );
    expect(screen.getByText('10/03/2026')).toBeInTheDocument();
    // Dates in the past (today is after them) are marked, not shown as upcoming.
    const bill = screen.getByRole('link', { name: 'Mensalidade de março' }).closest('li')!;
    expect(bill).toHaveTextContent('Vencida');
    const exam = screen.getByRole('link', { name: 'Prova final — Introdução à Informática' }).closest('li')!;
    expect(exam).toHaveTextContent('Aguardando nota');
  });

  it('marks an overdue bill as danger and an assessment awaiting its grade as neutral, not red', async () => {
    renderWith(<HomeScreen />);
    const bill = (await screen.findByRole('link', { name: 'Mensalidade de março' })).closest('li')!;
    expect(within(bill).getByText('Vencida')).toHaveClass('badge', 'badge-danger');
    const exam = screen.getByRole('link', { name: 'Prova final — Introdução à Informática' }).closest('li')!;
    const waiting = within(exam).getByText('Aguardando nota');
    expect(waiting).toHaveClass('badge');
    expect(waiting.className).not.toMatch(/badge-(danger|warning)/);
  });

  it('pending items still ahead carry no mark (issue 23)', () => {
    expect(isPastDay('2026-03-10', '2026-11-25')).toBe(true);
    expect(isPastDay('2026-11-25', '2026-11-25')).toBe(false);
    expect(isPastDay('2027-01-01', '2026-11-25')).toBe(false);
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('the index heading is Início; an error offers a retry', async () => {
    vi.mocked(api.getDashboard).mockRejectedValueOnce(new ApiError(500, { message: 'Falha no servidor' }, '/x'));
    renderWith(<HomeScreen index />, demoUser, '/');
    expect(screen.getByRole('heading', { level: 1, name: 'Início' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A plataforma está com instabilidade no momento. Tente novamente em alguns minutos.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('link', { name: 'Continuar: Introdução à Informática' })).toBeInTheDocument();
  });

  it.each([
    [{}, ['Cursos profissionalizantes']],
    [{ is_aprovat_user: true }, ['Cursos profissionalizantes', 'Educação para o trânsito']],
    [{ is_lxp_user: true }, ['Cursos profissionalizantes', 'Graduação']],
    [{ is_eja_user: true }, ['Cursos profissionalizantes', 'Educação de Jovens e Adultos']],
  ])('shortcuts follow the flags %o', async (flags, expected) => {
    renderWith(<HomeScreen />, { ...demoUser, ...flags });
    const nav = await screen.findByRole('navigation', { name: 'Áreas do aluno' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(expected);
    await screen.findByRole('link', { name: 'Continuar: Introdução à Informática' });
  });
});

describe('no layout shift from the banners', () => {
  it('what sits below the carousel waits for the banners read, then shows with them', async () => {
    let answerBanners: (banners: typeof BANNERS) => void = () => {};
    vi.mocked(api.getBanners).mockReturnValueOnce(new Promise((resolve) => (answerBanners = resolve)));
    renderWith(<HomeScreen />, demoUser);
    await waitFor(() => expect(api.getDashboard).toHaveBeenCalled());
    // The dashboard has answered; the banners have not: nothing is placed where they will go.
    await act(async () => await Promise.resolve());
    expect(screen.queryByRole('link', { name: 'Continuar: Introdução à Informática' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Áreas do aluno' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando');
    await act(async () => answerBanners(BANNERS));
    expect(await screen.findByRole('link', { name: 'Continuar: Introdução à Informática' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Destaques' })).toBeInTheDocument();
  });

  it('a failed banners read does not hold the dashboard back', async () => {
    vi.mocked(api.getBanners).mockRejectedValueOnce(new ApiError(500, { message: 'Falha' }, '/content/banners'));
    renderWith(<HomeScreen />, demoUser);
    expect(await screen.findByRole('link', { name: 'Continuar: Introdução à Informática' })).toBeInTheDocument();
  });
});

describe('show_banners (platform options, issue 24)', () => {
  it('a platform with show_banners: false shows no carousel and reads no banners', async () => {
    const { actor, answer } = platformWith({ show_banners: false });
    renderWith(<HomeScreen index />, demoUser, '/', actor);
    await act(async () => answer());
    expect(await screen.findByRole('link', { name: 'Continuar: Introdução à Informática' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Destaques' })).toBeNull();
    expect(api.getBanners).not.toHaveBeenCalled();
  });

  it('a platform with show_banners: true (or without the option) shows them once it is known', async () => {
    for (const options of [{ show_banners: true }, {}]) {
      const { actor, answer } = platformWith(options);
      renderWith(<HomeScreen />, demoUser, '/home', actor);
      // Not known yet: nothing shown, nothing read (a brand without banners never flashes them).
      await screen.findByRole('link', { name: 'Continuar: Introdução à Informática' });
      expect(screen.queryByRole('region', { name: 'Destaques' })).toBeNull();
      expect(api.getBanners).not.toHaveBeenCalled();
      await act(async () => answer());
      expect(await screen.findByRole('region', { name: 'Destaques' })).toBeInTheDocument();
      expect(api.getBanners).toHaveBeenCalledTimes(1);
      document.body.innerHTML = '';
      vi.mocked(api.getBanners).mockClear();
    }
  });
});

describe('banner carousel', () => {
  it('under reduced motion does not rotate; moves with the buttons and announces', async () => {
    renderWith(<HomeScreen />);
    const region = await screen.findByRole('region', { name: 'Destaques' });
    expect(region).toHaveAttribute('aria-roledescription', 'carrossel');
    expect(within(region).getByRole('group', { name: '1 de 3' })).toBeVisible();
    expect(within(region).getByRole('button', { name: 'Continuar rotação' })).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Próximo' }));
    expect(within(region).getByRole('group', { name: '2 de 3' })).toBeVisible();
    expect(screen.getByText('Destaque 2 de 3: Semana da leitura')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Destaque 2: Semana da leitura' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await userEvent.click(within(region).getByRole('button', { name: 'Destaque 1: Matrículas abertas' }));
    expect(within(region).getByRole('heading', { name: 'Matrículas abertas' })).toBeVisible();
    await userEvent.click(within(region).getByRole('button', { name: 'Anterior' }));
    expect(within(region).getByRole('group', { name: '3 de 3' })).toBeVisible();
  });

  it('rotates every 6 s without announcing, pauses with Pausar and with focus, moves with arrow keys', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(carouselMachine, { clock, input: { count: 3 } }).start();
    renderWith(<BannerCarouselView banners={BANNERS} actor={actor} />);
    expect(screen.getByRole('button', { name: 'Pausar' })).toBeInTheDocument();
    act(() => clock.increment(ADVANCE_MS));
    expect(screen.getByRole('group', { name: '2 de 3' })).toBeVisible();
    expect(screen.queryByText(/^Destaque 2 de 3/)).toBeNull();
    // Focus inside holds the rotation; arrow keys move.
    const pause = screen.getByRole('button', { name: 'Pausar' });
    act(() => pause.focus());
    act(() => clock.increment(ADVANCE_MS));
    expect(screen.getByRole('group', { name: '2 de 3' })).toBeVisible();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('group', { name: '3 de 3' })).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('group', { name: '2 de 3' })).toBeVisible();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Continuar rotação' })).toHaveFocus();
    act(() => pause.blur());
    act(() => clock.increment(ADVANCE_MS * 2));
    expect(screen.getByRole('group', { name: '2 de 3' })).toBeVisible();
  });
});

describe('area screens', () => {
  it('/profissionalizante lists the server courses with progress', async () => {
    vi.mocked(api.getProfessionalizingCourses).mockResolvedValue([
      {
        id: 1,
        name: 'Introdução à Informática',
        description: 'Do zero ao computador',
        image_url: null,
        progress: 25,
        status: 'in_progress',
        modules_count: 3,
      },
    ]);
    renderWith(<ProfessionalizingScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Cursos profissionalizantes' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Introdução à Informática' })).toHaveAttribute('href', '/courses/1');
    expect(screen.getByRole('progressbar', { name: 'Introdução à Informática: 25%' })).toBeInTheDocument();
  });

  it('/transito creates the external account and shows the modules and the platform link', async () => {
    vi.mocked(api.postAprovatExternalUser).mockResolvedValue({
      external_id: 'APV-000002-ABC123',
      created: true,
      platform_url: 'http://localhost:3000/api/v1/aprovat/plataforma',
    });
    vi.mocked(api.getTrafficModules).mockResolvedValue([
      { id: 1, title: 'Legislação de trânsito', summary: 'CTB', hours: 18 },
    ]);
    renderWith(<TrafficScreen />, { ...demoUser, is_aprovat_user: true });
    expect(await screen.findByText('Sua conta na plataforma de trânsito: APV-000002-ABC123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Abrir plataforma de trânsito/ })).toHaveAttribute(
      'href',
      'http://localhost:3000/api/v1/aprovat/plataforma',
    );
    expect(await screen.findByRole('heading', { name: 'Legislação de trânsito' })).toBeInTheDocument();
    expect(screen.getByText('18 h/aula')).toBeInTheDocument();
  });

  it('/graduacao lists graduation courses and opens the SSO URL in a new tab', async () => {
    vi.mocked(certificates.getDocumentContracts).mockResolvedValue([
      {
        contract_id: 2025042,
        course_name: 'Bacharelado',
        status: 'active',
        erp_user_id: 100003,
        enrolled_on: '2025-02-01',
      },
    ]);
    vi.mocked(certificates.getGradCourses).mockResolvedValue([
      {
        id: 1,
        name: 'Bacharelado em Administração',
        degree: 'Bacharelado',
        semesters: 8,
        current_semester: 3,
        status: 'in_progress',
        contract_id: 2025042,
      },
    ]);
    vi.mocked(api.postLxpSso).mockResolvedValue({
      url: 'http://localhost:3000/api/v1/lxp/entrar?token=abc',
      expires_at: '2026-11-23T10:01:00.000Z',
    });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    renderWith(<GraduationScreen />, { ...demoUser, is_lxp_user: true });
    expect(await screen.findByRole('heading', { name: 'Bacharelado em Administração' })).toBeInTheDocument();
    expect(screen.getByText('3º de 8 semestres')).toBeInTheDocument();
    expect(certificates.getGradCourses).toHaveBeenCalledWith(100003, expect.anything());
    await userEvent.click(screen.getByRole('button', { name: /Abrir a plataforma de graduação/ }));
    await vi.waitFor(() => expect(tab.location.href).toBe('http://localhost:3000/api/v1/lxp/entrar?token=abc'));
    expect(tab.opener).toBeNull();
  });

  it('/graduacao refuses an SSO URL outside the allowlist', async () => {
    vi.mocked(certificates.getDocumentContracts).mockResolvedValue([]);
    vi.mocked(api.postLxpSso).mockResolvedValue({
      url: 'https://evil.example/x',
      expires_at: '2026-11-23T10:01:00.000Z',
    });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    renderWith(<GraduationScreen />, { ...demoUser, is_lxp_user: true });
    expect(await screen.findByText('Nenhum curso de graduação encontrado.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Abrir a plataforma de graduação/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('O endereço recebido da plataforma não é permitido.');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it('/tecmix shows the stages and subjects with progress', async () => {
    vi.mocked(api.getEjaStages).mockResolvedValue([
      {
        name: 'Ensino Médio',
        progress: 18,
        subjects: [
          { id: 5, name: 'Linguagens', progress: 25, course_id: 3, module_id: 8 },
          { id: 6, name: 'Matemática', progress: 10, course_id: 2, module_id: null },
          { id: 7, name: 'Ciências Humanas', progress: 0, course_id: null, module_id: null },
        ],
      },
    ]);
    renderWith(<TecmixScreen />, { ...demoUser, is_eja_user: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'Ensino Médio' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progresso da etapa Ensino Médio' })).toHaveAttribute('value', '18');
    expect(screen.getByRole('progressbar', { name: 'Linguagens: 25%' })).toBeInTheDocument();
    // Each subject opens its module, or its course; one linked to nothing says so.
    expect(screen.getByRole('link', { name: 'Linguagens' })).toHaveAttribute('href', '/courses/3/modules/8');
    expect(screen.getByRole('link', { name: 'Matemática' })).toHaveAttribute('href', '/courses/2');
    expect(screen.queryByRole('link', { name: 'Ciências Humanas' })).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'Ciências Humanas' }).parentElement).toHaveTextContent(
      'Conteúdo ainda não disponível.',
    );
  });
});

describe('safeSsoUrl', () => {
  it('accepts http(s) on an allowed origin only', () => {
    const allowed = ['https://lxp.example.com'];
    expect(safeSsoUrl('https://lxp.example.com/entrar?token=x', allowed)).toBe(
      'https://lxp.example.com/entrar?token=x',
    );
    expect(safeSsoUrl('https://evil.example.com/', allowed)).toBeNull();
    expect(safeSsoUrl('javascript:alert(1)', allowed)).toBeNull();
    expect(safeSsoUrl('/relative', allowed)).toBeNull();
    expect(safeSsoUrl(null, allowed)).toBeNull();
  });
});
