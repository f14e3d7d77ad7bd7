import { useEffect, useState } from 'preact/hooks';
import type { Dashboard } from '#domain/game/dashboard.ts';
import Celebration from './Celebration.tsx';
import { dispatchCelebration } from './celebration.ts';
import { connectLive, type LiveStatus } from './live/connection.ts';
import { useClock } from './wallboard/use-clock.ts';
import WallboardView from './wallboard/WallboardView.tsx';

/** Without a pointer this long the pointer hides (src/styles/global.css, .wall-idle)... */
const IDLE_MS = 3000;
/** ...and this long, on a large screen, the navigation and the set-up strip (.wall-away): the TV shows the board alone. */
const AWAY_MS = 10_000;

interface Props {
  initial: Dashboard | null;
  slug: string;
  /** Set on a kiosk screen: data through the link's token, and no links into the workspace. */
  kioskToken?: string;
  /** A named wallboard (Agency): its own teams and target, and only its own events. */
  wallboardId?: number;
}

/** Keeps the screen on (where the browser allows it) and hides the pointer, and on a large screen the bars around the board, when nobody moves it. */
function useWallDisplay() {
  useEffect(() => {
    let lock: { release(): Promise<void> } | null = null;
    const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } }).wakeLock;
    const keepAwake = () => {
      if (document.visibilityState !== 'visible' || !wakeLock) return;
      wakeLock.request('screen').then(
        (l) => (lock = l),
        (error) => console.warn('The screen may go to sleep', error),
      );
    };
    keepAwake();
    document.addEventListener('visibilitychange', keepAwake);

    let idle: ReturnType<typeof setTimeout> | undefined;
    let away: ReturnType<typeof setTimeout> | undefined;
    const moved = () => {
      document.body.classList.remove('wall-idle', 'wall-away');
      clearTimeout(idle);
      clearTimeout(away);
      idle = setTimeout(() => document.body.classList.add('wall-idle'), IDLE_MS);
      away = setTimeout(() => document.body.classList.add('wall-away'), AWAY_MS);
    };
    moved();
    window.addEventListener('pointermove', moved);
    return () => {
      document.removeEventListener('visibilitychange', keepAwake);
      window.removeEventListener('pointermove', moved);
      clearTimeout(idle);
      clearTimeout(away);
      document.body.classList.remove('wall-idle', 'wall-away');
      void lock?.release();
    };
  }, []);
}

const STATUS_TEXT: Record<LiveStatus, string> = { connecting: 'Connecting…', live: 'Live', polling: 'Reconnecting…' };

export default function Wallboard({ initial, slug, kioskToken, wallboardId }: Props) {
  const [dashboard, setDashboard] = useState<Dashboard | null>(initial);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [gone, setGone] = useState(false);
  const now = useClock();
  const links = !kioskToken;
  useWallDisplay();

  const dataUrl = kioskToken ? `/api/kiosk/${kioskToken}/dashboard` : wallboardId ? `/api/dashboard?wallboard=${wallboardId}` : '/api/dashboard';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stream and timers restart only when the week or the data address changes
  useEffect(
    () =>
      connectLive<Dashboard>({
        eventsUrl: kioskToken ? `/api/kiosk/${kioskToken}/events` : wallboardId ? `/api/events?wallboard=${wallboardId}` : '/api/events',
        dataUrl,
        onData: setDashboard,
        onCelebration: dispatchCelebration,
        onStatus: setStatus,
        onGone: () => setGone(true),
      }),
    [kioskToken, wallboardId],
  );

  // A new challenge week starts with no event: read the figures again as the old week ends.
  const weekEndsAt = dashboard ? Date.parse(dashboard.week.endsAt) : NaN;
  useEffect(() => {
    if (!Number.isFinite(weekEndsAt)) return;
    const timer = setTimeout(
      () =>
        void fetch(dataUrl, { credentials: 'include', cache: 'no-store' })
          .then((response) => (response.ok ? (response.json() as Promise<Dashboard>) : null))
          .then((next) => next && setDashboard(next))
          .catch((error: unknown) => console.warn('Could not read the new week', error)),
      Math.max(0, weekEndsAt - Date.now()) + 1000,
    );
    return () => clearTimeout(timer);
  }, [weekEndsAt, dataUrl]);

  if (gone) {
    return (
      <main class="flex min-h-screen items-center justify-center bg-slate-950 p-8 text-center text-white">
        <div>
          <h1 class="text-[clamp(1.5rem,4vh,3rem)] font-bold">This display link is no longer active</h1>
          <p class="mt-3 text-[clamp(1rem,2.2vh,1.5rem)] text-slate-300">Ask your administrator for a new link.</p>
        </div>
      </main>
    );
  }

  if (!dashboard) {
    return (
      <main class="flex min-h-screen flex-col items-center justify-center bg-slate-950 text-white">
        <p class="text-[clamp(1.5rem,4vh,3rem)] font-semibold">Loading...</p>
        <p class="mt-2 text-[clamp(1rem,2.5vh,2rem)] text-slate-400 tabular-nums">{now.toLocaleTimeString()}</p>
      </main>
    );
  }

  return (
    <WallboardView dashboard={dashboard} slug={slug} links={links} now={now} status={{ text: STATUS_TEXT[status], ok: status === 'live' }}>
      {links && (
        // Celebrates on this screen only, marked as a demo: the other screens of the workspace see
        // nothing (decision 034; POST /api/demo-celebration stays for SPEC.md, unused here).
        <button
          type="button"
          aria-label="Play a demo celebration"
          class="fixed bottom-0 left-0 h-8 w-8 opacity-[0.03] focus-visible:opacity-100"
          onClick={() => dispatchCelebration({ demo: true })}
        />
      )}
      <Celebration names={dashboard.display.showReviewerNames} />
    </WallboardView>
  );
}
