import { useEffect, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { todaysTip } from '../../../domain';
import { TIP_BOOKMARKS_PREVIEW, TIP_FILTERS, type Tip } from '../../../schema';
import { LoadError } from '../../shared/components/LoadError';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { TOAST_SUCCESS_MS, useToast } from '../../shared/components/Toast';
import { useAuth } from '../auth';
import { bookmarkTip, completeTip, rateTip, useTips, useTipStats, viewTip } from './tips';
import { TipCard } from './TipCard';
import './tips.css';

// The English names are the tabs' ids too; the labels are in the app's language.
const TABS = ["Today's Tip", 'Explore', 'Progress'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, MessageDescriptor> = { "Today's Tip": msg`Today's Tip`, Explore: msg`Explore`, Progress: msg`Progress` };
type Filter = (typeof TIP_FILTERS)[number];
const FILTER_LABELS: Record<Filter, MessageDescriptor> = { all: msg`All`, opening: msg`Opening`, tactics: msg`Tactics`, endgame: msg`Endgame`, strategy: msg`Strategy`, psychology: msg`Psychology` };

/** /tips: today's tip, the tips by category with the bookmarks, and the user's tip stats. */
export default function TipsScreen() {
  const [tab, setTab] = useState<Tab>("Today's Tip");
  const tips = useTips();
  const { t, i18n } = useLingui();
  return (
    <div className="page tips">
      <h1><Trans>Chess Tips</Trans></h1>
      <div role="tablist" aria-label={t`Tips`} className="tabs">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tips-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="tips-panel"
            className="tabs__tab"
            onClick={() => setTab(name)}
          >
            {i18n._(TAB_LABELS[name])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="tips-panel" aria-labelledby={`tips-tab-${tab}`}>
        {tips.status === 'loading' ? (
          <PageSkeleton />
        ) : tips.status !== 'ready' ? (
          <LoadError message={t`Failed to load tips`} onRetry={tips.reload} />
        ) : tab === "Today's Tip" ? (
          <TodayTab tips={tips.value} />
        ) : tab === 'Explore' ? (
          <ExploreTab tips={tips.value} />
        ) : (
          <StatsTab />
        )}
      </div>
    </div>
  );
}

/** The actions of a tip card, through the outbox, with the spec's failure toasts. */
function useTipActions() {
  const auth = useAuth();
  const toast = useToast();
  const { t } = useLingui();
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  /** Queues the action; the spec's success toast ('Great job!', 'Saved!', 'Thanks!') once it is queued. */
  const run = (action: (userId: number) => Promise<void>, failure: string, success: string | null) => {
    if (userId === null) return;
    action(userId).then(() => {
      if (success !== null) toast({ title: success, variant: 'success', durationMs: TOAST_SUCCESS_MS });
    }, (error: unknown) => {
      console.error(failure, error);
      toast({ title: t`Error`, description: failure, variant: 'destructive' });
    });
  };
  return {
    userId,
    complete: (tip: Tip) => run((id) => completeTip(id, tip.id), t`Failed to mark tip as completed`, t`Great job!`),
    // 'Saved!' for a bookmark made; taking one off needs no cheer.
    bookmark: (tip: Tip) => run((id) => bookmarkTip(id, tip.id, !tip.progress.bookmarked), t`Failed to bookmark tip`, tip.progress.bookmarked ? null : t`Saved!`),
    rate: (tip: Tip, rating: number) => run((id) => rateTip(id, tip.id, rating), t`Failed to rate tip`, t`Thanks!`),
  };
}

function TodayTab({ tips }: { tips: Tip[] }) {
  const actions = useTipActions();
  const today = todaysTip(tips);
  const day = new Date().toISOString().slice(0, 10);
  const { userId } = actions;
  const { t } = useLingui();
  useEffect(() => {
    if (today && userId !== null) void viewTip(userId, today.id, day);
  }, [today?.id, userId, day]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!today) return <EmptyState title={t`No tip available today`} text={t`Come back tomorrow for a new tip.`} />;
  return <TipCard tip={today} full actions={actions} />;
}

function ExploreTab({ tips }: { tips: Tip[] }) {
  const actions = useTipActions();
  const [filter, setFilter] = useState<Filter>('all');
  const { t, i18n } = useLingui();
  const bookmarked = tips.filter((tip) => tip.progress.bookmarked);
  const inCategory = filter === 'all' ? [] : tips.filter((tip) => tip.category === filter);
  const more = bookmarked.length - TIP_BOOKMARKS_PREVIEW;
  return (
    <>
      <div className="tips__filters" role="group" aria-label={t`Category`}>
        {TIP_FILTERS.map((name) => (
          <button key={name} type="button" className={`button ${filter === name ? 'button--primary' : 'button--ghost'}`} aria-pressed={filter === name} onClick={() => setFilter(name)}>
            {i18n._(FILTER_LABELS[name])}
          </button>
        ))}
      </div>
      {filter === 'all' ? (
        <section aria-labelledby="bookmarks-title">
          <h2 id="bookmarks-title"><Trans>Bookmarked tips</Trans></h2>
          {bookmarked.length === 0 ? (
            <EmptyState title={t`No bookmarked tips yet`} text={t`Bookmark a tip to keep it here.`} />
          ) : (
            <>
              <ul className="tips__list">
                {bookmarked.slice(0, TIP_BOOKMARKS_PREVIEW).map((tip) => <li key={tip.id}><TipCard tip={tip} actions={actions} /></li>)}
              </ul>
              {more > 0 && <p className="sync-line"><Trans>And {more} more bookmarked tips</Trans></p>}
            </>
          )}
        </section>
      ) : inCategory.length === 0 ? (
        <EmptyState title={t`No tips in this category yet`} text={t`Try another category.`} />
      ) : (
        <ul className="tips__list">
          {inCategory.map((tip) => <li key={tip.id}><TipCard tip={tip} actions={actions} /></li>)}
        </ul>
      )}
    </>
  );
}

function StatsTab() {
  const stats = useTipStats();
  const { t } = useLingui();
  if (stats.status === 'loading') return <PageSkeleton />;
  if (stats.status !== 'ready') {
    return (
      <LoadError message={t`Failed to load your tip stats`} onRetry={stats.reload} />
    );
  }
  const s = stats.value;
  if (s.totalViewed === 0 && s.totalCompleted === 0 && s.totalBookmarked === 0) {
    return <EmptyState title={t`Start Your Learning Journey`} text={t`Read today's tip and mark it complete: your tip stats will show here.`} />;
  }
  const rate = Math.round(s.completionRate);
  const minutes = Math.round(s.totalReadingTime / 60);
  return (
    <dl className="tips__stats">
      <Stat id="Day streak" label={t`Day streak`} value={`${s.currentStreak}`} />
      <Stat id="Tips completed" label={t`Tips completed`} value={`${s.totalCompleted}`} />
      <Stat id="Tips viewed" label={t`Tips viewed`} value={`${s.totalViewed}`} />
      <Stat id="Completion rate" label={t`Completion rate`} value={t`${rate}%`} />
      <Stat id="Bookmarked" label={t`Bookmarked`} value={`${s.totalBookmarked}`} />
      <Stat id="Reading time" label={t`Reading time`} value={t`${minutes} min`} />
    </dl>
  );
}

/** A figure; `id` (English) names its test id whatever the language. */
function Stat({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="card tips__stat">
      <dt>{label}</dt>
      <dd data-testid={`tip-stat-${id}`}>{value}</dd>
    </div>
  );
}

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="card empty-state">
      <h2>{title}</h2>
      <p>{text}</p>
    </div>
  );
}
