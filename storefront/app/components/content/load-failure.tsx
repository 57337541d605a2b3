/** The "Unable to load …" message of a page whose content the API could not deliver. */
export function LoadFailure({ message }: { message: string }) {
  return (
    <div className="alert alert--error" role="alert">
      <p>{message}</p>
    </div>
  );
}
