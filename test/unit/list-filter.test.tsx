/**
 * The list screens' URL-kept filters, once for all of them: `defineUrlQuery` reads and writes
 * the query string (defaults left out, malformed values back to defaults, fields written
 * together), `useUrlQuery` binds it to the router (a new filter goes back to page 1), and
 * `ListFilter` + `Pagination` (by role and accessible name): a named search landmark, a search
 * applied on 'Buscar', selects applied at once, the count announced politely with its page,
 * 'Limpar filtros' putting focus back on the field, page links keeping the query, and focus
 * moved to the result count after a page link.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { defineUrlQuery, idField, oneOfField, pageField, textField } from '../../src/services/navigation/url-query';
import { ListFilter, Pagination, usePageFocus } from '../../src/views/components/list-filter';
import { useUrlQuery } from '../../src/views/components/use-url-query';

const things = defineUrlQuery(
  '/things',
  {
    q: textField(10),
    kind: oneOfField(['red', 'blue'] as const),
    sort: oneOfField(['name', 'size'] as const, 'name'),
    order: oneOfField(['asc', 'desc'] as const, 'asc'),
    group: idField(),
    page: pageField(),
  },
  { together: [['sort', 'order']] },
);

describe('defineUrlQuery', () => {
  it('reads every field, falling back to defaults on anything malformed', () => {
    expect(things.parse('?q=%20abc%20&kind=red&sort=size&order=desc&group=7&page=3')).toEqual({
      q: 'abc',
      kind: 'red',
      sort: 'size',
      order: 'desc',
      group: 7,
      page: 3,
    });
    expect(things.parse('kind=green&sort=x&order=up&group=-2&page=1.5')).toEqual(things.defaults);
    expect(things.parse('group=abc&page=0')).toMatchObject({ group: null, page: 1 });
    expect(things.parse(`q=${'x'.repeat(50)}`).q).toHaveLength(10);
  });

  it('writes links in field order, defaults left out, fields of a group together', () => {
    expect(things.href({})).toBe('/things');
    expect(things.href({ q: '  ', page: 1, sort: 'name', order: 'asc' })).toBe('/things');
    expect(things.href({ q: 'água', kind: 'blue', group: 4, page: 2 })).toBe(
      '/things?q=%C3%A1gua&kind=blue&group=4&page=2',
    );
    expect(things.href({ sort: 'size' })).toBe('/things?sort=size&order=asc');
    expect(things.href({ order: 'desc' })).toBe('/things?sort=name&order=desc');
  });

  it('reads back what it writes', () => {
    const values = { q: 'x', kind: 'red', sort: 'size', order: 'desc', group: 12, page: 9 } as const;
    expect(things.parse(things.href(values).split('?')[1]!)).toEqual(values);
  });
});

/** A small list screen made of the hook and the components, over 45 fake items. */
function ThingsScreen({ ready = true }: { ready?: boolean }) {
  const { query, hrefWith, apply, clear } = useUrlQuery(things);
  const { resultsRef, onNavigate } = usePageFocus(ready);
  const matching = query.q === 'none' ? 0 : 45;
  const last = Math.max(1, Math.ceil(matching / 10));
  return (
    <main>
      <h1>Coisas</h1>
      <ListFilter
        label="Buscar coisas"
        search={{ label: 'Nome', value: query.q }}
        submitLabel="Buscar"
        selects={[
          {
            name: 'kind',
            label: 'Cor',
            value: query.kind ?? '',
            options: [
              { value: '', label: 'Todas' },
              { value: 'red', label: 'Vermelha' },
              { value: 'blue', label: 'Azul' },
            ],
          },
        ]}
        onApply={({ search, selects }) => apply({ q: search, kind: (selects['kind'] || null) as 'red' | null })}
        results={`${matching} coisas`}
        page={{ page: query.page, last }}
        noMatch={matching === 0 ? { text: 'Nada encontrado.', clearLabel: 'Limpar filtros' } : null}
        onClear={() => clear({ sort: query.sort, order: query.order })}
        resultsRef={resultsRef}
      />
      <ul>
        <li>
          <a href="#first">Primeira coisa da página {query.page}</a>
        </li>
      </ul>
      <Pagination
        label="Paginação das coisas"
        page={query.page}
        last={last}
        hrefFor={(n) => hrefWith({ page: n })}
        onNavigate={onNavigate}
      />
    </main>
  );
}

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ThingsScreen />
      </Router>
    </IntlProvider>,
  );
  return { location, url: () => location.history!.at(-1) };
}

describe('useUrlQuery + ListFilter + Pagination', () => {
  it('names the search landmark and its controls, and announces the count with the page', () => {
    renderAt('/things?q=abc&kind=blue&page=2');
    const form = screen.getByRole('search', { name: 'Buscar coisas' });
    expect(within(form).getByRole('searchbox', { name: 'Nome' })).toHaveValue('abc');
    expect(within(form).getByRole('combobox', { name: 'Cor' })).toHaveValue('blue');
    expect(within(form).getByRole('button', { name: 'Buscar' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('45 coisas, página 2 de 5');
    expect(screen.getByRole('heading', { level: 1, name: 'Coisas' })).toBeInTheDocument();
  });

  it('applies the search on Buscar, back on page 1, keeping the select and the sort', async () => {
    const { url } = renderAt('/things?kind=red&sort=size&order=desc&page=3');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Nome' }), 'bola');
    expect(url()).toBe('/things?kind=red&sort=size&order=desc&page=3');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(url()).toBe('/things?q=bola&kind=red&sort=size&order=desc');
  });

  it('applies a select at once with the typed search, back on page 1', async () => {
    const { url } = renderAt('/things?page=4');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Nome' }), 'pé');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Cor' }), 'Azul');
    expect(url()).toBe('/things?q=p%C3%A9&kind=blue');
  });

  it('the search field follows the URL (back/forward)', async () => {
    const { location } = renderAt('/things?q=um');
    expect(screen.getByRole('searchbox', { name: 'Nome' })).toHaveValue('um');
    act(() => location.navigate('/things?q=dois'));
    expect(screen.getByRole('searchbox', { name: 'Nome' })).toHaveValue('dois');
  });

  it('nothing found: Limpar filtros clears them (keeping what the screen keeps) and focuses the field', async () => {
    const { url } = renderAt('/things?q=none&kind=red&sort=size&order=asc');
    expect(screen.getByText('Nada encontrado.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(url()).toBe('/things?sort=size&order=asc');
    expect(screen.getByRole('searchbox', { name: 'Nome' })).toHaveFocus();
    expect(screen.getByRole('searchbox', { name: 'Nome' })).toHaveValue('');
    expect(screen.queryByText('Nada encontrado.')).toBeNull();
  });

  it('page links keep the query; first and last pages are one link away', () => {
    renderAt('/things?kind=red&page=3');
    const nav = screen.getByRole('navigation', { name: 'Paginação das coisas' });
    expect(within(nav).getByRole('link', { name: 'Primeira página' })).toHaveAttribute('href', '/things?kind=red');
    expect(within(nav).getByRole('link', { name: 'Página anterior' })).toHaveAttribute(
      'href',
      '/things?kind=red&page=2',
    );
    expect(within(nav).getByRole('link', { name: 'Próxima página' })).toHaveAttribute(
      'href',
      '/things?kind=red&page=4',
    );
    expect(within(nav).getByRole('link', { name: 'Última página' })).toHaveAttribute('href', '/things?kind=red&page=5');
    expect(within(nav).getByText('Página 3 de 5')).toHaveAttribute('aria-current', 'page');
  });

  it('on the first and last pages only the links that lead somewhere', () => {
    renderAt('/things');
    const nav = screen.getByRole('navigation', { name: 'Paginação das coisas' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Próxima página', 'Última página']);
  });

  it('no navigation for a single page', () => {
    renderAt('/things?q=none');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('after a page link, focus moves to the result count of the new page', async () => {
    const { url } = renderAt('/things?page=4');
    await userEvent.click(screen.getByRole('link', { name: 'Próxima página' }));
    expect(url()).toBe('/things?page=5');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('45 coisas, página 5 de 5');
    expect(status).toHaveFocus();
  });

  it('a filter change does not move focus away from the control', async () => {
    renderAt('/things?page=2');
    const select = screen.getByRole('combobox', { name: 'Cor' });
    await userEvent.selectOptions(select, 'Vermelha');
    expect(select).toHaveFocus();
  });
});
