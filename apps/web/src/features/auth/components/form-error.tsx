/** An error about the whole form (not one field), announced as it appears. */
export function FormError({ message }: { message: string | null }) {
  return (
    <div role="alert" className={message ? 'alert alert--error' : undefined}>
      {message}
    </div>
  );
}
