import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnnouncementType } from '@casaoferta/domain/codes';
import { saleSolvency, tenantRentalSolvency } from '@casaoferta/domain/rules/solvency';
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
    answering(tenantRentalSolvency(900, { holders: [3000], guarantors: [] }));
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
    answering(tenantRentalSolvency(1200, { holders: [2000], guarantors: [] }));
    renderBox(logged);
    const box = screen.getByRole('region', { name: 'Tu solvencia para este alquiler' });
    expect(await within(box).findByText('Solvencia insuficiente')).toBeInTheDocument();
    expect(box).toHaveTextContent('60 % de tus ingresos netos');
    const options = within(box).getByRole('list', { name: 'Cómo mejorarla' });
    const [guarantor, coHolder] = within(options).getAllByRole('listitem');
    expect(guarantor).toHaveTextContent('Con un avalista: Solvente con avalista');
    expect(guarantor).toHaveTextContent('Con un avalista que ingrese al menos 3.429 € netos al mes');
    expect(
      within(guarantor as HTMLElement).getByRole('link', { name: 'Añadir un avalista' }),
    ).toHaveAttribute('href', '/profile/guarantors');
    expect(coHolder).toHaveTextContent('Con un co-titular: Solvente');
    expect(
      within(coHolder as HTMLElement).getByRole('link', { name: 'Añadir un co-titular' }),
    ).toHaveAttribute('href', '/profile/co-titulars');
  });

  it('shows a tight verdict with its ways to improve', async () => {
    answering(tenantRentalSolvency(1200, { holders: [3000], guarantors: [] }));
    renderBox(logged);
    expect(await screen.findByText('Solvencia ajustada')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cómo mejorarla' })).toBeInTheDocument();
  });

  it('sends an unevaluated tenant to complete the profile', async () => {
    answering(tenantRentalSolvency(1200, { holders: [], guarantors: [] }));
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
});
