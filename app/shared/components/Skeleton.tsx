import { useLingui } from '@lingui/react/macro';

export function BoardSkeleton() {
  const { t } = useLingui();
  return (
    <div className="play__main">
      <div className="skeleton skeleton--bar" />
      <div className="skeleton skeleton--board" role="progressbar" aria-label={t`Loading the board`} />
      <div className="skeleton skeleton--bar" />
    </div>
  );
}

export function PageSkeleton() {
  const { t } = useLingui();
  return (
    <div className="page" aria-busy="true">
      <div className="skeleton skeleton--title" role="progressbar" aria-label={t`Loading`} />
      <div className="skeleton skeleton--card" />
      <div className="skeleton skeleton--card" />
    </div>
  );
}
