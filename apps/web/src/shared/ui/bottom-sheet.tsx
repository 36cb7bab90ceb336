import { Dialog } from './dialog';
import type { DialogProps } from './dialog';

/** A Dialog anchored to the bottom of the screen on mobile (centred on desktop). */
export function BottomSheet(props: Omit<DialogProps, 'variant'>) {
  return <Dialog {...props} variant="sheet" />;
}
