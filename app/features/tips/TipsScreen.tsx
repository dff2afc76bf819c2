import { useEffect, useState } from 'react';
import { todaysTip } from '../../../domain';
import { TIP_BOOKMARKS_PREVIEW, TIP_FILTERS, type Tip } from '../../../schema';
import { LoadError } from '../../shared/components/LoadError';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { TOAST_SUCCESS_MS, useToast } from '../../shared/components/Toast';
import { useAuth } from '../auth';
import { bookmarkTip, completeTip, rateTip, useTips, useTipStats, viewTip } from './tips';
import { TipCard } from './TipCard';
import './tips.css';

const TABS = ["Today's Tip", 'Explore', 'Progress'] as const;
type Tab = (typeof TABS)[number];
type Filter = (typeof TIP_FILTERS)[number];
const FILTER_LABELS: Record<Filter, string> = { all: 'All', opening: 'Opening', tactics: 'Tactics', endgame: 'Endgame', strategy: 'Strategy', psychology: 'Psychology' };

/** /tips: today's tip, the tips by category with the bookmarks, and the user's tip stats. */
export default function TipsScreen() {
  const [tab, setTab] = useState<Tab>("Today's Tip");
  const tips = useTips();
  return (
    <div className="page tips">
      <h1>Chess Tips</h1>
      <div role="tablist" aria-label="Tips" className="tabs">
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
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="tips-panel" aria-labelledby={`tips-tab-${tab}`}>
        {tips.status === 'loading' ? (
          <PageSkeleton />
        ) : tips.status !== 'ready' ? (
          <LoadError message="Failed to load tips" onRetry={tips.reload} />
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
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  /** Queues the action; the spec's success toast ('Great job!', 'Saved!', 'Thanks!') once it is queued. */
  const run = (action: (userId: number) => Promise<void>, failure: string, success: string | null) => {
    if (userId === null) return;
    action(userId).then(() => {
      if (success !== null) toast({ title: success, variant: 'success', durationMs: TOAST_SUCCESS_MS });
    }, (error: unknown) => {
      console.error(failure, error);
      toast({ title: 'Error', description: failure, variant: 'destructive' });
    });
  };
  return {
    userId,
    complete: (tip: Tip) => run((id) => completeTip(id, tip.id), 'Failed to mark tip as completed', 'Great job!'),
    // 'Saved!' for a bookmark made; taking one off needs no cheer.
    bookmark: (tip: Tip) => run((id) => bookmarkTip(id, tip.id, !tip.progress.bookmarked), 'Failed to bookmark tip', tip.progress.bookmarked ? null : 'Saved!'),
    rate: (tip: Tip, rating: number) => run((id) => rateTip(id, tip.id, rating), 'Failed to rate tip', 'Thanks!'),
  };
}

function TodayTab({ tips }: { tips: Tip[] }) {
  const actions = useTipActions();
  const today = todaysTip(tips);
  const day = new Date().toISOString().slice(0, 10);
  const { userId } = actions;
  useEffect(() => {
    if (today && userId !== null) void viewTip(userId, today.id, day);
  }, [today?.id, userId, day]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!today) return <EmptyState title="No tip available today" text="Come back tomorrow for a new tip." />;
  return <TipCard tip={today} full actions={actions} />;
}

function ExploreTab({ tips }: { tips: Tip[] }) {
  const actions = useTipActions();
  const [filter, setFilter] = useState<Filter>('all');
  const bookmarked = tips.filter((tip) => tip.progress.bookmarked);
  const inCategory = filter === 'all' ? [] : tips.filter((tip) => tip.category === filter);
  return (
    <>
      <div className="tips__filters" role="group" aria-label="Category">
        {TIP_FILTERS.map((name) => (
          <button key={name} type="button" className={`button ${filter === name ? 'button--primary' : 'button--ghost'}`} aria-pressed={filter === name} onClick={() => setFilter(name)}>
            {FILTER_LABELS[name]}
          </button>
        ))}
      </div>
      {filter === 'all' ? (
        <section aria-labelledby="bookmarks-title">
          <h2 id="bookmarks-title">Bookmarked tips</h2>
          {bookmarked.length === 0 ? (
            <EmptyState title="No bookmarked tips yet" text="Bookmark a tip to keep it here." />
          ) : (
            <>
              <ul className="tips__list">
                {bookmarked.slice(0, TIP_BOOKMARKS_PREVIEW).map((tip) => <li key={tip.id}><TipCard tip={tip} actions={actions} /></li>)}
              </ul>
              {bookmarked.length > TIP_BOOKMARKS_PREVIEW && <p className="sync-line">And {bookmarked.length - TIP_BOOKMARKS_PREVIEW} more bookmarked tips</p>}
            </>
          )}
        </section>
      ) : inCategory.length === 0 ? (
        <EmptyState title="No tips in this category yet" text="Try another category." />
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
  if (stats.status === 'loading') return <PageSkeleton />;
  if (stats.status !== 'ready') {
    return (
      <LoadError message="Failed to load your tip stats" onRetry={stats.reload} />
    );
  }
  const s = stats.value;
  if (s.totalViewed === 0 && s.totalCompleted === 0 && s.totalBookmarked === 0) {
    return <EmptyState title="Start Your Learning Journey" text="Read today's tip and mark it complete: your tip stats will show here." />;
  }
  return (
    <dl className="tips__stats">
      <Stat label="Day streak" value={`${s.currentStreak}`} />
      <Stat label="Tips completed" value={`${s.totalCompleted}`} />
      <Stat label="Tips viewed" value={`${s.totalViewed}`} />
      <Stat label="Completion rate" value={`${Math.round(s.completionRate)}%`} />
      <Stat label="Bookmarked" value={`${s.totalBookmarked}`} />
      <Stat label="Reading time" value={`${Math.round(s.totalReadingTime / 60)} min`} />
    </dl>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="card tips__stat">
      <dt>{label}</dt>
      <dd data-testid={`tip-stat-${label}`}>{value}</dd>
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
