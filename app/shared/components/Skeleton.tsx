export function BoardSkeleton() {
  return (
    <div className="play__main">
      <div className="skeleton skeleton--bar" />
      <div className="skeleton skeleton--board" role="progressbar" aria-label="Loading the board" />
      <div className="skeleton skeleton--bar" />
    </div>
  );
}

export function PageSkeleton() {
  return (
    <div className="page" aria-busy="true">
      <div className="skeleton skeleton--title" role="progressbar" aria-label="Loading" />
      <div className="skeleton skeleton--card" />
      <div className="skeleton skeleton--card" />
    </div>
  );
}
