import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AnnouncementCard as Card } from '@casaoferta/domain/schemas/listings';
import { sampleCard } from '../test-data';
import { AnnouncementCard } from './announcement-card';

const renderCard = (card: Card, priority = false) =>
  render(
    <MemoryRouter>
      <AnnouncementCard card={card} priority={priority} />
    </MemoryRouter>,
  );

describe('<AnnouncementCard/>', () => {
  it('shows a rental per month with its highest offer, place and facts, linking to the property', () => {
    renderCard(sampleCard(1));
    expect(screen.getByText('1.250 €/mes')).toBeInTheDocument();
    expect(screen.getByText('Oferta más alta: 1.300 €/mes')).toBeInTheDocument();
    expect(screen.getByText('3 ofertas')).toBeInTheDocument();
    expect(screen.getByText('Madrid (Madrid)')).toBeInTheDocument();
    expect(screen.getByText('2 habs. · 1 baño · 70 m²')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Piso 1 en alquiler en Malasaña, Madrid' })).toHaveAttribute(
      'href',
      '/property/20000000-0000-4000-8000-000000000001',
    );
  });

  it('shows the drop badge of a recent price drop, and none without one', () => {
    const { unmount } = renderCard(sampleCard(6, { priceDrop: 50 }));
    expect(screen.getByText('Ha bajado 50 €')).toBeInTheDocument();
    unmount();
    renderCard(sampleCard(7));
    expect(screen.queryByText(/Ha bajado/)).not.toBeInTheDocument();
  });

  it('treats rooms (and any type but a sale) as rentals', () => {
    renderCard(sampleCard(2, { typeCode: 'ATY001', price: 450, highestOffer: null, offersCount: 0 }));
    expect(screen.getByText('450 €/mes')).toBeInTheDocument();
    expect(screen.getByText('Sin ofertas todavía')).toBeInTheDocument();
    expect(screen.getByText('0 ofertas')).toBeInTheDocument();
  });

  it('shows a sale price without /mes', () => {
    renderCard(sampleCard(3, { typeCode: 'ATY003', price: 250000, highestOffer: 255000, offersCount: 1 }));
    expect(screen.getByText('250.000 €')).toBeInTheDocument();
    expect(screen.getByText('Oferta más alta: 255.000 €')).toBeInTheDocument();
    expect(screen.getByText('1 oferta')).toBeInTheDocument();
  });

  it('says "Solo visitas" for a fixed price', () => {
    renderCard(sampleCard(4, { offerTypeCode: 'AOT002', highestOffer: null, offersCount: 0 }));
    expect(screen.getByText('Solo visitas')).toBeInTheDocument();
    expect(screen.queryByText(/Oferta más alta/)).not.toBeInTheDocument();
  });

  it('sizes the photo, paints its colour and loads it lazily unless it is a first card', () => {
    const { container, unmount } = renderCard(sampleCard(5));
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '480');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img?.parentElement).toHaveStyle({ backgroundColor: '#a0b0c0' });
    unmount();
    const first = renderCard(sampleCard(6), true).container.querySelector('img');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
  });
});
