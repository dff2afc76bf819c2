/** A screen's data could not be loaded (and none is stored on the device): the reason and a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>Try again</button>
    </div>
  );
}
