import { Icon } from '../../shared/components/Icon';
import type { PlayLimits } from './usePlayLimits';
import './play-limits.css';

export const LIMIT_REACHED_TITLE = 'Daily play time reached';
export const BREAK_TITLE = 'Time for a break!';

/** What Play shows when today's limit is reached, or a break is due (Settings → Time Management). */
export function PlayLimitNotices({ limits, dailyLimit, breakInterval }: { limits: PlayLimits; dailyLimit: number; breakInterval: number }) {
  if (limits.limitReached) {
    return (
      <section className="limit-notice limit-notice--stop" role="alert" aria-labelledby="limit-title" data-testid="play-limit">
        <Icon name="clock" size="1.6em" />
        <div>
          <h2 id="limit-title">{LIMIT_REACHED_TITLE}</h2>
          {/* The limit, not the minutes played: a parent may lower it below what was already played today. */}
          <p>
            Today’s {dailyLimit} minutes are used up: that is the limit your parent or teacher set. New Game is
            available again tomorrow. Well played today!
          </p>
          <p className="limit-notice__small">Grown-ups can change the limit in Parental Controls.</p>
        </div>
      </section>
    );
  }
  if (limits.breakDue) {
    return (
      <section className="limit-notice" role="alert" aria-labelledby="break-title" data-testid="break-reminder">
        <Icon name="clock" size="1.6em" />
        <div>
          <h2 id="break-title">{BREAK_TITLE}</h2>
          <p>You have played for {breakInterval} minutes. Stand up, stretch and rest your eyes for a few minutes.</p>
          <button type="button" className="button" onClick={limits.tookBreak}>I had a break</button>
        </div>
      </section>
    );
  }
  return null;
}
