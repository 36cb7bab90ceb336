import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnnouncementType } from '@casaoferta/domain/codes';
import { saleSolvency, tenantRentalSolvency, type HouseholdIncome } from '@casaoferta/domain/rules/solvency';
import type { TenantSolvency } from '@casaoferta/domain/schemas/tenant';
import { anonymousSession, SessionContext, type Session } from '../../../shared/session';
import { fail, mockApi, ok, sampleUser } from '../../../test/mock-api';
import SolvencyBox from './solvency-box';

afterEach(() => vi.unstubAllGlobals());

const announcementId = '60000000-0000-4000-8000-000000000001';
const solvencyPath = `/api/announcement/${announcementId}/solvency`;
const logged: Session = { ...anonymousSession, logged: true, hasToken: true, user: sampleUser };

function renderBox(session: Session, typeCode: string = AnnouncementType.Rental) {
  return render(
    <MemoryRouter initialEntries={[`/property/p1`]}>
      <SessionContext.Provider value={session}>
        <SolvencyBox announcementId={announcementId} typeCode={typeCode} />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
}

const answering = (solvency: TenantSolvency) => mockApi({ [`GET ${solvencyPath}`]: () => ok(solvency) });
/** The tenant's band's income, and the guarantors'. */
const household = (tenant: number | null, guarantors: number[] = []): HouseholdIncome => ({
  tenant,
  coHolders: [],
  guarantors,
});

describe('solvency box', () => {
  it('invites a visitor to log in, without asking the API', () => {
    const api = mockApi({});
    renderBox(anonymousSession);
    const box = screen.getByRole('region', { name: 'Tu solvencia para este alquiler' });
    expect(box).toHaveTextContent('Inicia sesión para ver si eres solvente para este alquiler.');
    expect(within(box).getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fproperty%2Fp1',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('shows a solvent verdict: status, ratio and reasons, nothing to improve', async () => {
    answering(tenantRentalSolvency(900, household(3000)));
    renderBox(logged);
    const box = screen.getByRole('region', { name: 'Tu solvencia para este alquiler' });
    expect(await within(box).findByText('Solvente')).toBeInTheDocument();
    expect(box).toHaveTextContent('30 % de tus ingresos netos');
    expect(box).toHaveTextContent(
      'El alquiler (900 €/mes) sería el 30 % de tus ingresos netos (3.000 €/mes).',
    );
    expect(within(box).queryByRole('heading', { name: 'Cómo mejorarla' })).toBeNull();
  });

  it('explains how a guarantor or a co-holder would improve an insufficient one', async () => {
    answering(tenantRentalSolvency(1200, household(2000)));
    renderBox(logged);
    const box = screen.getByRole('region', { name: 'Tu solvencia para este alquiler' });
    expect(await within(box).findByText('Solvencia insuficiente')).toBeInTheDocument();
    expect(box).toHaveTextContent('60 % de tus ingresos netos');
    const options = within(box).getByRole('list', { name: 'Cómo mejorarla' });
    const [guarantor, coHolder] = within(options).getAllByRole('listitem');
    expect(guarantor).toHaveTextContent('Con un avalista: Solvente con avalista');
    expect(guarantor).toHaveTextContent('Con un avalista que ingrese al menos 1.429 € netos al mes');
    expect(
      within(guarantor as HTMLElement).getByRole('link', { name: 'Añadir un avalista' }),
    ).toHaveAttribute('href', '/profile/guarantors');
    expect(coHolder).toHaveTextContent('Con un co-titular: Solvente');
    expect(
      within(coHolder as HTMLElement).getByRole('link', { name: 'Añadir un co-titular' }),
    ).toHaveAttribute('href', '/profile/co-titulars');
  });

  it('shows a tight verdict with its ways to improve', async () => {
    answering(tenantRentalSolvency(1200, household(3000)));
    renderBox(logged);
    expect(await screen.findByText('Solvencia ajustada')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cómo mejorarla' })).toBeInTheDocument();
  });

  it('sends an unevaluated tenant to complete the profile', async () => {
    answering(tenantRentalSolvency(1200, household(null)));
    renderBox(logged);
    expect(await screen.findByText('Sin evaluar')).toBeInTheDocument();
    expect(
      screen.getByText(/Completa tu situación laboral \(tipo de contrato y tramo de ingresos\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Completar mi perfil' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('heading', { name: 'Cómo mejorarla' })).toBeNull();
  });

  it("shows a sale's reason only", async () => {
    answering({ ...saleSolvency(null, 'tenant', true), withGuarantor: null, withCoHolder: null });
    renderBox(logged, AnnouncementType.Sale);
    const box = screen.getByRole('region', { name: 'Tu solvencia para esta compra' });
    expect(
      await within(box).findByText(
        'En una compra, la solvencia depende de cómo pagues: al contado o con una hipoteca preaprobada.',
      ),
    ).toBeInTheDocument();
    expect(within(box).queryByText('Sin evaluar')).toBeNull();
    expect(within(box).queryByText('Esfuerzo')).toBeNull();
  });

  it('shows nothing on a sale to a visitor', () => {
    mockApi({});
    const { container } = renderBox(anonymousSession, AnnouncementType.Sale);
    expect(container).toBeEmptyDOMElement();
  });

  it('offers a retry when the verdict cannot be loaded, and treats a 401 as a visitor', async () => {
    let answer = () => fail(500, 'INTERNAL_ERROR');
    mockApi({ [`GET ${solvencyPath}`]: () => answer() });
    renderBox(logged);
    expect(await screen.findByText('No hemos podido calcular tu solvencia ahora.')).toBeInTheDocument();
    answer = () => fail(401, 'UNAUTHORIZED');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByText('Inicia sesión para ver si eres solvente para este alquiler.'),
    ).toBeInTheDocument();
  });

  it('shows "80 %" with a non-breaking space, never wrapped before its sign', async () => {
    answering(tenantRentalSolvency(1600, household(2000)));
    renderBox(logged);
    const ratio = await screen.findByText(/de tus ingresos netos$/);
    expect(ratio.textContent).toBe('80\u00a0% de tus ingresos netos');
  });

  it('counts a guarantor just added: the new figure, "Con avalista", no "Añadir un avalista" (issue 23)', async () => {
    // 900 €/mes of a 2.000 € band: 45 %. The tenant follows "Añadir un avalista", adds one of 300 €
    // (who does not make it solvent on their own) and comes back to the property page.
    let mine = household(2000);
    mockApi({ [`GET ${solvencyPath}`]: () => ok(tenantRentalSolvency(900, mine)) });
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/property/p1']}>
        <SessionContext.Provider value={logged}>
          <Routes>
            <Route
              path="/property/p1"
              element={<SolvencyBox announcementId={announcementId} typeCode={AnnouncementType.Rental} />}
            />
            <Route path="/profile/guarantors" element={<Link to="/property/p1">Volver al anuncio</Link>} />
          </Routes>
        </SessionContext.Provider>
      </MemoryRouter>,
    );
    const before = screen.getByRole('region', { name: 'Tu solvencia para este alquiler' });
    expect(await within(before).findByText('Solvencia ajustada')).toBeInTheDocument();
    expect(before).toHaveTextContent('45 % de tus ingresos netos');
    expect(within(before).queryByText('Con avalista')).toBeNull();
    await user.click(within(before).getByRole('link', { name: 'Añadir un avalista' }));
    mine = household(2000, [300]);
    await user.click(await screen.findByRole('link', { name: 'Volver al anuncio' }));
    const after = screen.getByRole('region', { name: 'Tu solvencia para este alquiler' });
    // 900 of 2.000 + 300 €: 39 %.
    const effort = await within(after).findByText(/^39.% de tus ingresos netos y los de tu avalista$/);
    expect(effort.textContent).toBe('39\u00a0% de tus ingresos netos y los de tu avalista');
    expect(within(after).getByText('Con avalista')).toBeInTheDocument();
    expect(within(after).queryByRole('link', { name: 'Añadir un avalista' })).toBeNull();
    // Still tight: a co-holder is what would help now.
    expect(within(after).getByRole('link', { name: 'Añadir un co-titular' })).toBeInTheDocument();
    expect(after).toHaveTextContent('un co-titular u otro avalista reforzaría tu solicitud');
  });

  it('never offers a guarantor to a tenant who has one, whatever the answer says', async () => {
    const answer = tenantRentalSolvency(1200, household(2000));
    answering({ ...answer, hasGuarantor: true });
    renderBox(logged);
    expect(await screen.findByText('Solvencia insuficiente')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Añadir un avalista' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Añadir un co-titular' })).toBeInTheDocument();
  });
});
