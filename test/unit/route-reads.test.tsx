/**
 * Startup reads (src/app/startup-reads.ts) of the learning routes and of the screens that export
 * theirs: a deep link's data is asked for once, at startup, and its screen shows that answer; a failed prefetch is left to the screen;
 * other paths read nothing; saved reads restored meanwhile are never dropped by it. The
 * next step's reads (the `rel="next"` link of a learning object) are the same reads, ahead of the tap.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { dehydrate, hydrate, QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CourseListQuery, CourseListResponse, LearningObject, Module } from '../../src/services/contract';
import { ApiError } from '../../src/services/http/errors';

vi.mock('../../src/services/api/lms', () => ({
  getCourses: vi.fn(),
  getCourse: vi.fn(),
  getModule: vi.fn(),
  getLearningObject: vi.fn(),
}));
vi.mock('../../src/services/api/home', async (original) => ({
  ...(await original<object>()),
  getDashboard: vi.fn(),
}));
vi.mock('../../src/services/api/attachments', async (original) => ({
  ...(await original<object>()),
  getAuthorizedAttachments: vi.fn(),
  getDocumentCategories: vi.fn(),
  getDocuments: vi.fn(),
}));
vi.mock('../../src/services/api/finances', async (original) => ({ ...(await original<object>()), getBills: vi.fn() }));
vi.mock('../../src/services/api/users', async (original) => ({ ...(await original<object>()), getUsersSelf: vi.fn() }));
import * as lms from '../../src/services/api/lms';
import * as homeApi from '../../src/services/api/home';
import * as attachmentsApi from '../../src/services/api/attachments';
import * as financesApi from '../../src/services/api/finances';
import * as usersApi from '../../src/services/api/users';
import { learningObjectQuery, moduleQuery } from '../../src/services/api/lms-queries';
import { prefetchRouteReads } from '../../src/app/startup-reads';
import { prefetchNextReads } from '../../src/app/prefetch-routes';
import CoursesScreen from '../../src/views/courses/screen';
import { createQueryClient } from '../../src/app/query/client';

const courses = (query: CourseListQuery): Promise<CourseListResponse> =>
  Promise.resolve({
    pagination: { page: query.page ?? 1, per_page: query.per_page ?? 12, total: 1, last_page: 1 },
    data: [
      {
        id: 2,
        name: query.search ? 'Matemática Financeira' : 'Introdução à Informática',
        description: 'Juros e porcentagens',
        image_url: null,
        progress: 100,
        status: 'completed',
        modules_count: 3,
      },
    ],
  });

const module: Module = {
  id: 4,
  course_id: 1,
  course_name: 'Introdução à Informática',
  name: 'Módulo 2',
  position: 2,
  progress: 0,
  completed: false,
  lessons: [
    { id: 7, name: 'Aula 1', position: 1, completed: false, learning_objects: [] },
    {
      id: 8,
      name: 'Aula 2',
      position: 2,
      completed: false,
      learning_objects: [
        { id: 31, name: 'Planilhas', type: 'text', position: 1, status: 'not_started', duration_seconds: null },
      ],
    },
  ],
};

/** The app's own client settings (reads fresh for 30 s, retried only when transient). */
const newClient = () => createQueryClient();

beforeEach(() => {
  vi.mocked(lms.getCourses)
    .mockReset()
    .mockImplementation((query) => courses(query ?? {}));
  vi.mocked(lms.getCourse).mockReset();
  vi.mocked(lms.getModule).mockReset().mockResolvedValue(module);
  vi.mocked(lms.getLearningObject)
    .mockReset()
    .mockResolvedValue({ id: 31, name: 'Planilhas', lesson_id: 8 } as LearningObject);
});

function renderCourses(client: QueryClient, path: string) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname!, searchPath: search } as never);
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={client}>
        <Router hook={location.hook} searchHook={() => search}>
          <CoursesScreen />
        </Router>
      </QueryClientProvider>
    </IntlProvider>,
  );
}

describe('startup reads of a deep link', () => {
  it('the course list page of the URL is asked for once, and the screen shows that answer', async () => {
    const client = newClient();
    await prefetchRouteReads(client, '/courses', '?q=matem&page=1');
    expect(lms.getCourses).toHaveBeenCalledTimes(1);
    expect(lms.getCourses).toHaveBeenCalledWith({ page: 1, per_page: 12, search: 'matem' });

    renderCourses(client, '/courses?q=matem');
    expect(await screen.findByRole('link', { name: 'Matemática Financeira' })).toBeInTheDocument();
    expect(lms.getCourses).toHaveBeenCalledTimes(1);
  });

  it('a learning object: the module first, then the object from the lesson that holds it', async () => {
    const client = newClient();
    await prefetchRouteReads(client, '/courses/1/modules/4/learningObjects/31', '');
    expect(lms.getModule).toHaveBeenCalledWith(4);
    expect(lms.getLearningObject).toHaveBeenCalledWith(31, 8);
    expect(client.getQueryData(moduleQuery(4).queryKey)).toEqual(module);
    expect(client.getQueryData(learningObjectQuery(31, 8).queryKey)).toMatchObject({ name: 'Planilhas' });
  });

  it('a learning object that is not in its module reads nothing more than the module', async () => {
    await prefetchRouteReads(newClient(), '/courses/1/modules/4/learningObjects/99', '');
    expect(lms.getModule).toHaveBeenCalledTimes(1);
    expect(lms.getLearningObject).not.toHaveBeenCalled();
  });

  it('a failed prefetch is left to the screen, which reads again and shows the list', async () => {
    const client = newClient();
    vi.mocked(lms.getCourses).mockRejectedValueOnce(
      new ApiError(403, { message: 'Acesso negado' }, '/api/v2/lms/courses'),
    );
    await expect(prefetchRouteReads(client, '/courses', '')).resolves.toBeUndefined();

    renderCourses(client, '/courses');
    expect(await screen.findByRole('link', { name: 'Introdução à Informática' })).toBeInTheDocument();
    expect(lms.getCourses).toHaveBeenCalledTimes(2);
  });

  it('saved reads restored while a prefetch waits stay when the student leaves the page (offline)', async () => {
    // The platform does not answer (a weak network): the prefetch's request stays under way.
    vi.mocked(lms.getModule).mockReturnValue(new Promise(() => {}));
    const client = newClient();
    void prefetchRouteReads(client, '/courses/1/modules/4', '');
    // The student's saved reads come back from the device meanwhile (the persister
    // hydrates them, as after a reload).
    const device = newClient();
    device.setQueryData(moduleQuery(4).queryKey, module);
    act(() => hydrate(client, dehydrate(device)));
    function ModuleName() {
      const read = useQuery(moduleQuery(4));
      return <p>{read.data?.name ?? 'carregando'}</p>;
    }
    const view = render(
      <QueryClientProvider client={client}>
        <ModuleName />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Módulo 2')).toBeInTheDocument();
    // Leaving the page must not take the saved module away (a cancelled first fetch reverts).
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryData(moduleQuery(4).queryKey)).toEqual(module);
  });

  it('other paths and malformed ids read nothing', async () => {
    const client = newClient();
    for (const path of ['/grades/course/3', '/attachment/5', '/courses/abc', '/courses/1/modules/0', '/login']) {
      await prefetchRouteReads(client, path, '');
    }
    expect(lms.getCourses).not.toHaveBeenCalled();
    expect(lms.getCourse).not.toHaveBeenCalled();
    expect(lms.getModule).not.toHaveBeenCalled();
    expect(homeApi.getDashboard).not.toHaveBeenCalled();
    expect(attachmentsApi.getDocuments).not.toHaveBeenCalled();
    expect(usersApi.getUsersSelf).not.toHaveBeenCalled();
  });

  it("the other screens' first reads leave at startup too, with the query the address says", async () => {
    // Each screen exports its startup read (`prefetchReads`) with its own query options; the
    // grades list's is shown by its screen in test/unit/grades.test.tsx.
    for (const fn of [
      homeApi.getDashboard,
      attachmentsApi.getAuthorizedAttachments,
      attachmentsApi.getDocumentCategories,
      attachmentsApi.getDocuments,
      financesApi.getBills,
      usersApi.getUsersSelf,
    ])
      vi.mocked(fn as () => Promise<unknown>)
        .mockReset()
        .mockResolvedValue({});
    const client = newClient();
    await prefetchRouteReads(client, '/home', '');
    expect(homeApi.getDashboard).toHaveBeenCalledTimes(1);
    await prefetchRouteReads(client, '/attachments', '?q=contrato&page=2');
    expect(attachmentsApi.getAuthorizedAttachments).toHaveBeenCalledTimes(1);
    expect(attachmentsApi.getDocumentCategories).toHaveBeenCalledTimes(1);
    expect(attachmentsApi.getDocuments).toHaveBeenCalledWith(
      { page: 2, per_page: 10, search: 'contrato' },
      expect.anything(),
    );
    await prefetchRouteReads(client, '/finances', '');
    expect(financesApi.getBills).toHaveBeenCalledTimes(1);
    await prefetchRouteReads(client, '/conta', '');
    expect(usersApi.getUsersSelf).toHaveBeenCalledTimes(1);
  });
});

describe('the next step’s reads ahead of the tap (src/app/prefetch-routes.ts)', () => {
  /** A screen's <main> with these links. */
  const main = (links: string) => {
    const element = document.createElement('main');
    element.innerHTML = links;
    return element;
  };

  it('asks for the module and then the learning object the rel="next" link opens, into the cache the screen reads', async () => {
    const client = newClient();
    await prefetchNextReads(
      main(
        '<a href="/courses/1/modules/2">Módulo 1</a><a rel="next" href="/courses/1/modules/4/learningObjects/31">Próximo conteúdo</a>',
      ),
      client,
    );
    expect(lms.getModule).toHaveBeenCalledTimes(1);
    expect(lms.getModule).toHaveBeenCalledWith(4);
    expect(client.getQueryData(moduleQuery(4).queryKey)).toEqual(module);
    expect(client.getQueryData(learningObjectQuery(31, 8).queryKey)).toMatchObject({ name: 'Planilhas' });
  });

  it('reads nothing without a rel="next" link, for another site or off the learning path', async () => {
    const client = newClient();
    await prefetchNextReads(main('<a href="/courses/1/modules/4/learningObjects/31">Planilhas</a>'), client);
    await prefetchNextReads(main('<a rel="next" href="https://example.com/courses/1/modules/4">x</a>'), client);
    await prefetchNextReads(main('<a rel="next" href="/finances">Financeiro</a>'), client);
    expect(lms.getModule).not.toHaveBeenCalled();
    expect(lms.getLearningObject).not.toHaveBeenCalled();
  });
});
