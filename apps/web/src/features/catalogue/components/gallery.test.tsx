import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleProperty } from '../test-data';
import { Gallery } from './gallery';

const { images } = sampleProperty();
const title = 'Piso en venta en Ruzafa, Valencia';
// jsdom has no PointerEvent: a MouseEvent carrying pointerType stands in for it.
beforeAll(() => {
  if (typeof window.PointerEvent === 'function') return;
  class PointerEventShim extends MouseEvent {
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  window.PointerEvent = PointerEventShim as typeof PointerEvent;
});

const photo = () => screen.getByRole('img', { name: /^Foto \d de 3/ });

describe('<Gallery/>', () => {
  it('moves with the arrow keys, Home and End, wrapping around', async () => {
    const user = userEvent.setup();
    render(<Gallery images={images} title={title} />);
    expect(photo()).toHaveAccessibleName(`Foto 1 de 3: ${title}`);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(photo()).toHaveAttribute('srcset', expect.stringContaining('photo1-gallery.webp 1280w'));

    await user.click(screen.getByRole('button', { name: 'Foto siguiente' }));
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(photo()).toHaveAccessibleName(`Foto 3 de 3: ${title}`);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Foto anterior' }));
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
  });

  it('jumps with the thumbnails and marks the current one', async () => {
    const user = userEvent.setup();
    render(<Gallery images={images} title={title} />);
    await user.click(screen.getByRole('button', { name: 'Ver foto 3' }));
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver foto 3' })).toHaveAttribute('aria-current', 'true');
  });

  it('swipes on touch, not with a mouse drag', () => {
    render(<Gallery images={images} title={title} />);
    const stage = photo().parentElement as HTMLElement;
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 300, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 200, clientY: 110 });
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 100, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 200, clientY: 100 });
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    fireEvent.pointerDown(stage, { pointerType: 'mouse', clientX: 300, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerType: 'mouse', clientX: 100, clientY: 100 });
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
  });

  it('has no controls for a single photo and a message for none', () => {
    const { unmount } = render(<Gallery images={images.slice(0, 1)} title={title} />);
    expect(photo).toThrow();
    expect(screen.getByRole('img', { name: `Foto 1 de 1: ${title}` })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    unmount();
    render(<Gallery images={[]} title={title} />);
    expect(screen.getByText('Este anuncio todavía no tiene fotos')).toBeInTheDocument();
  });
});
