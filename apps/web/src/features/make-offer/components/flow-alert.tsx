/** A failure of the flow that belongs to no field shown (a closed announcement, a failed send). */
export function FlowAlert({ text }: { text: string }) {
  return (
    <p className="alert alert--error offer-alert" role="alert">
      {text}
    </p>
  );
}
