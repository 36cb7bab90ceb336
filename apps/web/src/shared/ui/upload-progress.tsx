export interface UploadProgressProps {
  /** Percentage sent, 0 to 100. */
  progress: number;
  /** The bar's accessible name, e.g. 'Subiendo nomina.pdf'. */
  label: string;
  /** Shown instead of the percentage (a file waiting its turn). */
  status?: string;
  /** Class of the bar (its feature's stylesheet draws it). */
  className?: string;
}

/** A file on its way up: a progress bar with an accessible name, and its percentage in words. */
export function UploadProgress({ progress, label, status, className }: UploadProgressProps) {
  return (
    <>
      <progress className={className} max={100} value={progress} aria-label={label} />
      <span className="muted text-sm">{status ?? `${progress} %`}</span>
    </>
  );
}
