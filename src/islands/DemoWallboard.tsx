import { useEffect, useState } from 'preact/hooks';
import Celebration from './Celebration.tsx';
import { CELEBRATION_DURATION_MS, CELEBRATION_SOUND_URL, dispatchCelebration } from './celebration.ts';
import { demoDashboard, firstArrivalDelayMs, initialDemoBoard, nextArrivalDelayMs, nextDemoReview, withDemoReview } from './demo/demo-board.ts';
import { useClock } from './wallboard/use-clock.ts';
import WallboardView from './wallboard/WallboardView.tsx';

/**
 * The public demo (/demo): the real wallboard, its four panels and the celebration, fed by sample
 * data in the browser. A sample review "arrives" every few seconds; no account, no request to the server.
 */
export default function DemoWallboard() {
  const [board, setBoard] = useState(initialDemoBoard);
  const [sound, setSound] = useState(false);
  const now = useClock();

  useEffect(() => {
    let current = initialDemoBoard();
    let timer: ReturnType<typeof setTimeout>;
    const arrive = () => {
      const review = nextDemoReview(current);
      current = withDemoReview(current, review);
      setBoard(current);
      dispatchCelebration({ reviewerName: review.reviewerName, rating: review.rating });
      timer = setTimeout(arrive, nextArrivalDelayMs(Math.random(), CELEBRATION_DURATION_MS));
    };
    timer = setTimeout(arrive, firstArrivalDelayMs(Math.random()));
    return () => clearTimeout(timer);
  }, []);

  // The banner stays above the celebration overlay: the screen is always marked as a demo, and its
  // link can be followed at any time.
  const banner = (
    <div
      data-testid="demo-banner"
      class="relative z-[2147483001] flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-2xl bg-amber-300 px-4 py-2 text-[clamp(0.875rem,1.9vh,1.4rem)] text-slate-950 lg:px-[1.5vw] lg:py-[1vh]"
    >
      <p class="flex items-center gap-3 font-semibold">
        <span class="rounded-full bg-slate-950 px-2.5 py-0.5 text-[0.8em] font-bold tracking-widest text-amber-300 uppercase">Demo</span>
        This is a demo with sample data
      </p>
      <div class="flex items-center gap-2">
        <button
          type="button"
          aria-label="Sound"
          aria-pressed={sound}
          title={sound ? 'Sound on' : 'Sound off'}
          onClick={() => setSound((on) => !on)}
          class="grid h-[2em] w-[2em] place-items-center rounded-full ring-1 ring-slate-950/40 transition hover:bg-slate-950/10 focus-visible:outline-2 focus-visible:outline-slate-950 aria-pressed:bg-slate-950 aria-pressed:text-amber-300"
        >
          <svg
            viewBox="0 0 24 24"
            class="h-[1.1em] w-[1.1em]"
            fill="none"
            stroke="currentColor"
            stroke-width="2"
            stroke-linecap="round"
            stroke-linejoin="round"
            aria-hidden="true"
          >
            <path d="M11 5 6 9H3v6h3l5 4V5Z" fill="currentColor" />
            {sound ? <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" /> : <path d="m16 9 6 6m0-6-6 6" />}
          </svg>
        </button>
        <a
          href="/register"
          class="rounded-full bg-slate-950 px-4 py-1 font-bold text-white transition hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-950"
        >
          Start free challenge
        </a>
      </div>
    </div>
  );

  return (
    <WallboardView dashboard={demoDashboard(board)} slug="" links={false} now={now} status={{ text: 'Sample data', ok: true }} banner={banner}>
      <Celebration sound={sound ? CELEBRATION_SOUND_URL : false} />
    </WallboardView>
  );
}
