import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../../test/capture-downloads';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { contractId, contractView, ownerData, renderAt, tenantData } from '../test-data';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const id = contractId(1);
const base = `/api/contract/${id}`;
const pageUrl = `/contract/${id}`;
const noImages = () => ok({ items: [] });

describe('/contract/:id', () => {
  it('shows where it stands, the summary and whose turn it is', async () => {
    mockApi({
      [`GET ${base}/contractor`]: () => ok(contractView(1)),
      [`GET ${base}/owner`]: () => ok(ownerData()),
      [`GET ${base}/preload-images`]: noImages,
    });
    renderAt(pageUrl);
    expect(await screen.findByRole('heading', { level: 1, name: 'Piso 1 en Chamberí' })).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Pasos del contrato' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Datos del propietario (paso actual)',
      '2Datos del inquilino',
      '3Firma',
      '4Firmado',
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText(/Te toca completar y enviar tus datos/)).toHaveTextContent(/^Te toca a ti\./);
    const summary = screen.getByRole('region', { name: 'Resumen' });
    expect(within(summary).getByText('Importe').nextSibling).toHaveTextContent('1.150 €/mes');
    expect(within(summary).getByText('Inquilino').nextSibling).toHaveTextContent('Laura Gómez Sanz');
    expect(within(summary).getByText('Estado').nextSibling).toHaveTextContent('Borrador');
    expect(await screen.findByText('Todavía no hay fotos del inventario.')).toBeInTheDocument();
  });

  it('checks the owner form before saving and saves what the API takes', async () => {
    const api = mockApi({
      [`GET ${base}/contractor`]: () => ok(contractView(1)),
      [`GET ${base}/owner`]: () => ok(ownerData()),
      [`PUT ${base}/owner`]: () => ok(contractView(1)),
      [`GET ${base}/preload-images`]: noImages,
    });
    const user = userEvent.setup();
    renderAt(pageUrl);
    const name = await screen.findByRole('textbox', { name: /^Nombre/ });
    expect(name).toHaveValue('Carmen');
    // The payment type's label comes from master data; a transfer needs an IBAN.
    const payment = screen.getByRole('combobox', { name: /Forma de pago/ });
    expect(payment).toHaveDisplayValue('Bizum');
    await user.selectOptions(payment, 'Transferencia bancaria');
    await user.clear(name);
    await user.clear(screen.getByRole('textbox', { name: /DNI/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('Indica el IBAN para la transferencia o la domiciliación'),
    ).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription(/Este campo es obligatorio/);
    expect(screen.getByRole('textbox', { name: /DNI/ })).toHaveAccessibleDescription(
      /Este campo es obligatorio/,
    );
    expect(api.callsTo('PUT', `${base}/owner`)).toHaveLength(0);

    await user.type(name, 'Carmen');
    await user.type(screen.getByRole('textbox', { name: /DNI/ }), '12345678Z');
    await user.tripleClick(screen.getByRole('spinbutton', { name: /Duración/ }));
    await user.keyboard('24');
    await user.type(screen.getByRole('textbox', { name: /IBAN/ }), 'ES9121000418450200051332');
    await user.click(screen.getByRole('checkbox', { name: 'Se admiten mascotas' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('PUT', `${base}/owner`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${base}/owner`)[0]?.body).toEqual({
      party: {
        name: 'Carmen',
        surname: 'Ruiz Ortega',
        nif: '12345678Z',
        address: 'Calle Mayor 1, 28013 Madrid',
        email: null,
        phone: '+34600000001',
      },
      rental: {
        startDate: '2027-01-01',
        durationMonths: 24,
        depositMonths: 1,
        guaranteeMonths: 0,
        paymentDay: 5,
        paymentTypeCode: 'CPT001',
        iban: 'ES9121000418450200051332',
        conditionCodes: ['CCO002', 'CCO004'],
      },
      sale: null,
    });
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain('Hemos guardado tus datos'),
    );
  });

  it('sends the tenant data after a confirmation, then freezes it and focuses the title', async () => {
    let view = contractView(1, {
      role: 'tenant',
      statusCode: 'CST001',
      nextActor: 'tenant',
      nextStep: 'fill_tenant',
      ownerSentAt: '2026-11-21T10:00:00.000Z',
    });
    const sent = {
      ...view,
      statusCode: 'CST002' as const,
      tenantSentAt: '2026-11-22T10:00:00.000Z',
      nextActor: 'owner' as const,
      nextStep: 'send_to_sign' as const,
    };
    const api = mockApi({
      [`GET ${base}/contractor`]: () => ok(view),
      [`GET ${base}/tenant`]: () => ok(tenantData()),
      [`PUT ${base}/tenant`]: () => ok(view),
      [`PUT ${base}/tenant-send`]: () => {
        view = sent;
        return ok(sent);
      },
      [`GET ${base}/preload-images`]: noImages,
    });
    const user = userEvent.setup();
    renderAt(pageUrl);
    await screen.findByRole('textbox', { name: /^Nombre/ });
    // The prefill lacks the NIF and the address: "Enviar" checks the form first.
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('textbox', { name: /DNI/ })).toHaveAccessibleDescription(
      /Este campo es obligatorio/,
    );
    expect(screen.queryByRole('heading', { name: '¿Enviar tus datos?' })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: /DNI/ }), 'X1234567L');
    await user.type(screen.getByRole('textbox', { name: /Dirección/ }), 'Calle Sol 3, 46001 Valencia');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Enviar tus datos?' });
    expect(within(dialog).getByRole('button', { name: 'Volver' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Sí, enviar' }));

    await waitFor(() => expect(api.callsTo('PUT', `${base}/tenant-send`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${base}/tenant`)[0]?.body).toEqual({
      party: {
        name: 'Laura',
        surname: 'Gómez Sanz',
        nif: 'X1234567L',
        address: 'Calle Sol 3, 46001 Valencia',
        email: null,
        phone: '+34600000002',
      },
    });
    expect(await screen.findByText('Ya has enviado tus datos: no se pueden cambiar.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(
      screen.getByText(/Esperando a que Carmen Ruiz Ortega envíe el contrato a firma/),
    ).toBeInTheDocument();
  });

  it('lets the owner send it to sign, with a confirmation', async () => {
    const ready = contractView(1, {
      statusCode: 'CST002',
      ownerSentAt: '2026-11-21T10:00:00.000Z',
      tenantSentAt: '2026-11-22T10:00:00.000Z',
      nextActor: 'owner',
      nextStep: 'send_to_sign',
    });
    let view = ready;
    const api = mockApi({
      [`GET ${base}/contractor`]: () => ok(view),
      [`GET ${base}/owner`]: () => ok(ownerData({ saved: true })),
      [`POST ${base}/send-sign`]: () => {
        view = {
          ...ready,
          statusCode: 'CST003',
          nextActor: 'both',
          nextStep: 'sign',
          documentSha256: 'ab'.repeat(32),
        };
        return ok(view);
      },
      [`GET ${base}/preload-images`]: noImages,
    });
    const user = userEvent.setup();
    renderAt(pageUrl);
    // My data, sent: read only, with master labels and Spanish dates.
    const mine = await screen.findByRole('region', { name: 'Tus datos y las condiciones' });
    expect(await within(mine).findByText('Fecha de inicio')).toBeInTheDocument();
    expect(within(mine).getByText('Fecha de inicio').nextSibling).toHaveTextContent('1 de enero de 2027');
    expect(within(mine).getByText('Forma de pago').nextSibling).toHaveTextContent('Bizum');
    expect(within(mine).getByText('Condiciones adicionales').nextSibling).toHaveTextContent(
      'Subarriendo no permitido',
    );
    expect(within(mine).queryByRole('button', { name: 'Guardar' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Enviar a firma' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Enviar el contrato a firma?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí, enviar a firma' }));
    await waitFor(() => expect(api.callsTo('POST', `${base}/send-sign`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Firmar' })).toBeInTheDocument();
    expect(screen.getByText('ab'.repeat(32))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar a firma' })).toBeNull();
  });

  it('asks a seller for the arras and the deed deadline, and saves them as sale terms', async () => {
    const api = mockApi({
      [`GET ${base}/contractor`]: () => ok(contractView(1, { kind: 'sale', amount: 240_000 })),
      [`GET ${base}/owner`]: () => ok(ownerData({ rental: null, sale: null })),
      [`PUT ${base}/owner`]: () => ok(ownerData()),
      [`GET ${base}/preload-images`]: noImages,
    });
    const user = userEvent.setup();
    renderAt(pageUrl);
    expect(await screen.findByText('Participas como vendedor')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Resumen' })).toHaveTextContent('240.000 €');
    await screen.findByRole('heading', { name: 'Tus datos y las condiciones de la venta' });
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const arras = await screen.findByRole('textbox', { name: /Importe de las arras/ });
    await waitFor(() => expect(arras).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/Fecha límite para la escritura/)).toHaveAccessibleDescription(
      /Este campo es obligatorio/,
    );
    expect(screen.queryByRole('combobox', { name: /Forma de pago/ })).toBeNull();
    expect(api.callsTo('PUT', `${base}/owner`)).toHaveLength(0);

    await user.type(arras, '12000');
    await user.type(screen.getByLabelText(/Fecha límite para la escritura/), '2027-03-31');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('PUT', `${base}/owner`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${base}/owner`)[0]?.body).toMatchObject({
      rental: null,
      sale: { arrasAmount: 12_000, deedDeadline: '2027-03-31', iban: null, conditionCodes: [] },
    });
  });

  it('cancels after a confirmation whose safe choice has the focus', async () => {
    let view = contractView(1);
    const api = mockApi({
      [`GET ${base}/contractor`]: () => ok(view),
      [`GET ${base}/owner`]: () => ok(ownerData()),
      [`PUT ${base}/owner-cancel`]: () => {
        view = contractView(1, {
          statusCode: 'CST005',
          cancelledAt: '2026-11-22T10:00:00.000Z',
          cancelledBy: 'owner',
          nextActor: null,
          nextStep: 'cancelled',
        });
        return ok(view);
      },
      [`GET ${base}/preload-images`]: noImages,
    });
    const user = userEvent.setup();
    renderAt(pageUrl);
    await user.click(await screen.findByRole('button', { name: 'Cancelar el contrato' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar el contrato?' });
    expect(within(dialog).getByRole('button', { name: 'Volver' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    expect(await screen.findByText('Cancelado por el propietario.')).toBeInTheDocument();
    expect(api.callsTo('PUT', `${base}/owner-cancel`)).toHaveLength(1);
    expect(screen.getByText('Este contrato se ha cancelado.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar el contrato' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('shows a contract that is not mine as not found', async () => {
    mockApi({ [`GET ${base}/contractor`]: () => fail(404, 'NOT_FOUND') });
    renderAt(pageUrl);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No encontramos este contrato' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a mis contratos' })).toHaveAttribute(
      'href',
      '/contracts-list',
    );
  });
});

describe('signing', () => {
  const toSign = contractView(1, {
    role: 'tenant',
    statusCode: 'CST003',
    ownerSentAt: '2026-11-21T10:00:00.000Z',
    tenantSentAt: '2026-11-22T10:00:00.000Z',
    sentToSignAt: '2026-11-23T10:00:00.000Z',
    documentSha256: 'cd'.repeat(32),
    nextActor: 'both',
    nextStep: 'sign',
  });

  it('asks for the name and a code, shows API errors in the dialog and signs', async () => {
    let view = toSign;
    let codeAnswer = () => fail(422, 'CONTRACT_SIGN_CODE_INVALID');
    const api = mockApi({
      [`GET ${base}/contractor`]: () => ok(view),
      [`GET ${base}/tenant`]: () => ok(tenantData({ saved: true })),
      [`POST ${base}/tenant/sign-code`]: () =>
        ok({ sentTo: '+34 6•• ••• •02', expiresAt: '2026-11-23T10:10:00.000Z' }),
      [`POST ${base}/tenant/sign`]: () => codeAnswer(),
    });
    const user = userEvent.setup();
    renderAt(pageUrl);
    const opener = await screen.findByRole('button', { name: 'Firmar' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Firmar el contrato' });
    const name = within(dialog).getByRole('textbox', { name: /Nombre y apellidos/ });
    const code = within(dialog).getByRole('textbox', { name: /Código de 6 cifras/ });
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.click(within(dialog).getByRole('button', { name: 'Firmar contrato' }));
    expect(name).toHaveAccessibleDescription(/Escribe tu nombre y apellidos/);
    expect(code).toHaveAccessibleDescription(/El código tiene 6 cifras/);
    expect(api.callsTo('POST', `${base}/tenant/sign`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
    expect(
      await within(dialog).findByText(/Te hemos enviado un código a \+34 6•• ••• •02/),
    ).toHaveTextContent('Vale hasta las 11:10');
    expect(within(dialog).getByRole('button', { name: 'Enviar otro código' })).toBeInTheDocument();
    await user.type(name, 'Laura Gómez Sanz');
    await user.type(code, '12a34567');
    expect(code).toHaveValue('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Firmar contrato' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'El código no es correcto. Revísalo e inténtalo de nuevo.',
    );

    codeAnswer = () => {
      view = {
        ...toSign,
        tenantSignature: { fullName: 'Laura Gómez Sanz', signedAt: '2026-11-23T10:05:00.000Z' },
        nextActor: 'owner',
      };
      return ok(view);
    };
    await user.click(within(dialog).getByRole('button', { name: 'Firmar contrato' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', `${base}/tenant/sign`).map((call) => call.body)).toEqual([
      { fullName: 'Laura Gómez Sanz', code: '123456' },
      { fullName: 'Laura Gómez Sanz', code: '123456' },
    ]);
    expect(getToasts().map((toast) => toast.message)).toContain('Has firmado el contrato');
    expect(await screen.findByText(/Firmado por Laura Gómez Sanz el/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Firmar' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('offers the signed PDF and shows its SHA-256 once both have signed', async () => {
    const signature = { fullName: 'x', signedAt: '2026-11-23T10:05:00.000Z' };
    mockApi({
      [`GET ${base}/contractor`]: () =>
        ok({
          ...toSign,
          statusCode: 'CST004',
          ownerSignature: { ...signature, fullName: 'Carmen Ruiz Ortega' },
          tenantSignature: { ...signature, fullName: 'Laura Gómez Sanz' },
          signedAt: '2026-11-23T10:06:00.000Z',
          nextActor: null,
          nextStep: 'done',
        }),
      [`GET ${base}/tenant`]: () => ok(tenantData({ saved: true })),
      [`GET ${base}/download`]: () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="contrato-CO-1.pdf"' },
        }),
    });
    const downloads = captureDownloads();
    try {
      const user = userEvent.setup();
      renderAt(pageUrl);
      await user.click(await screen.findByRole('button', { name: 'Descargar contrato firmado' }));
      await waitFor(() => expect(downloads.savedNames()).toEqual(['contrato-CO-1.pdf']));
      expect(screen.getByText('cd'.repeat(32))).toBeInTheDocument();
      // Both names, each time in Madrid's time with its zone (as the PDF's signature page).
      const signatures = within(screen.getByRole('region', { name: 'Firmas' }));
      expect(signatures.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Firmado por Carmen Ruiz Ortega el 23 de noviembre de 2026 a las 11:05 CET',
        'Firmado por Laura Gómez Sanz el 23 de noviembre de 2026 a las 11:05 CET',
      ]);
      expect(screen.getByText('El contrato está firmado por las dos partes.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancelar el contrato' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Firmar' })).toBeNull();
    } finally {
      downloads.restore();
    }
  });
});
