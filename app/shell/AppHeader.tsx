import { Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AuthUser } from '../../schema';
import { STARTING_ELO } from '../../schema/core/values';
import { Icon } from '../shared/components/Icon';
import { lazyScreen } from '../shared/i18n';
import { DESKTOP_QUERY, useMediaQuery } from '../shared/useMediaQuery';
import { useHeightVariable } from './useHeightVariable';

// Its texts are in the screens catalogue: they load with it.
const ProfileDialog = lazyScreen(() => import('../features/profile/ProfileDialog'));

/**
 * The header: the brand, the Elo rating (default 1200; none for staff and parents, who skip the
 * assessment) and a link to /settings. On desktop the
 * user's name opens their profile dialog; narrower screens show only the name (spec).
 */
export function AppHeader({ user, showRating = true }: { user: AuthUser | null; showRating?: boolean }) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [profileOpen, setProfileOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const { t } = useLingui();
  useHeightVariable(headerRef, '--app-header-height');

  return (
    <header ref={headerRef} className="app-header">
      <Link to="/" className="app-header__brand">
        <img src="/icons/icon.svg" alt="" width="28" height="28" />
        <span><Trans>Chess Learning</Trans></span>
      </Link>
      <div className="app-header__end">
        {user ? (
          <>
            {desktop ? (
              <button type="button" className="app-header__name link-button" onClick={() => setProfileOpen(true)} aria-haspopup="dialog">
                <span translate="no">{user.username}</span>
              </button>
            ) : (
              <span className="app-header__name" translate="no">{user.username}</span>
            )}
            {showRating && <EloBadge rating={user.eloRating ?? STARTING_ELO} />}
          </>
        ) : (
          <>
            <Link to="/login" className="app-header__auth"><Trans>Login</Trans></Link>
            <Link to="/register" className="app-header__auth"><Trans>Sign Up</Trans></Link>
          </>
        )}
        <Link to="/settings" className="app-header__settings" aria-label={t`Open settings`} title={t`Settings`}>
          <Icon name="settings" size="1.3em" />
        </Link>
      </div>
      {user && profileOpen && (
        <Suspense fallback={null}>
          <ProfileDialog userId={user.id} onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}

function EloBadge({ rating }: { rating: number }) {
  const { t } = useLingui();
  return (
    <span className="elo-badge" data-testid="elo-rating" aria-label={t`Elo rating ${rating}`}>
      <Trans>Elo {rating}</Trans>
    </span>
  );
}
