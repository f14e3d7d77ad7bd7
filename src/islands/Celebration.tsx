import { useEffect, useRef, useState } from 'preact/hooks';
import {
  CELEBRATION_DURATION_MS,
  CELEBRATION_EVENT,
  CELEBRATION_SOUND_URL,
  CELEBRATION_VOLUME,
  DEMO_CELEBRATION_TEXT,
  FIREWORK_COLOURS,
  FIREWORK_COUNT,
  FIREWORK_INTERVAL_MS,
  NEUTRAL_CELEBRATION_TEXT,
  PARTICLES_PER_FIREWORK,
  readCelebrationDetail,
  type CelebrationDetail,
} from './celebration.ts';

export interface CelebrationProps {
  /** The headline shown on the overlay. */
  message?: string;
  /** The success sound; false plays none. */
  sound?: string | false;
  /** False hides reviewer names (the show_reviewer_names setting: screens that face customers). */
  names?: boolean;
}

interface Shown extends CelebrationDetail {
  reducedMotion: boolean;
}

const FADE_OUT_MS = 500;

/**
 * The celebration overlay (SPEC.md sections 2, 4 and 9): on the browser-wide celebration event a
 * dark full-screen overlay with fireworks and the success sound shows for exactly 8 s, then clears.
 * Events that arrive while it shows are absorbed into the running celebration.
 */
export default function Celebration({ message = 'New review!', sound = CELEBRATION_SOUND_URL, names = true }: CelebrationProps) {
  const [shown, setShown] = useState<Shown | null>(null);
  // Read when an event arrives, so a settings change does not cut a running celebration short.
  const showNames = useRef(names);
  showNames.current = names;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let audio: HTMLAudioElement | undefined;

    const end = () => {
      timer = undefined;
      audio = undefined;
      setShown(null);
    };
    const celebrate = (event: Event) => {
      if (timer !== undefined) return; // One celebration at a time, nothing queued.
      timer = setTimeout(end, CELEBRATION_DURATION_MS);
      const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      setShown({ ...readCelebrationDetail((event as CustomEvent<unknown>).detail, { names: showNames.current }), reducedMotion });
      if (sound) audio = playSound(sound);
    };

    window.addEventListener(CELEBRATION_EVENT, celebrate);
    return () => {
      window.removeEventListener(CELEBRATION_EVENT, celebrate);
      if (timer !== undefined) {
        clearTimeout(timer);
        setShown(null);
      }
      audio?.pause();
    };
  }, [sound]);

  return shown ? <Overlay message={message} shown={shown} /> : null;
}

/** Audio failures (autoplay policy, a missing codec) are only logged (SPEC.md section 8). */
function playSound(src: string): HTMLAudioElement | undefined {
  try {
    const audio = new Audio(src);
    audio.volume = CELEBRATION_VOLUME;
    audio.play().catch((error: unknown) => console.warn('Celebration sound could not play:', error));
    return audio;
  } catch (error) {
    console.warn('Celebration sound could not play:', error);
    return undefined;
  }
}

function Overlay({ message, shown }: { message: string; shown: Shown }) {
  const overlay = useRef<HTMLDivElement>(null);
  const headline = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const element = overlay.current;
    if (!element?.animate) return;
    const animations = [
      element.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 300, easing: 'ease-out' }),
      element.animate([{ opacity: 1 }, { opacity: 0 }], {
        duration: FADE_OUT_MS,
        delay: CELEBRATION_DURATION_MS - FADE_OUT_MS,
        easing: 'ease-in',
        fill: 'forwards',
      }),
    ];
    if (!shown.reducedMotion && headline.current) {
      animations.push(
        headline.current.animate(
          [
            { transform: 'scale(0.4)', opacity: 0 },
            { transform: 'scale(1.08)', opacity: 1, offset: 0.6 },
            { transform: 'scale(1)', opacity: 1 },
          ],
          { duration: 650, easing: 'cubic-bezier(0.2, 0.9, 0.3, 1.2)' },
        ),
      );
    }
    return () => animations.forEach((animation) => animation.cancel());
  }, [shown]);

  const { reviewerName, rating, neutral, demo } = shown;
  const name = reviewerName && <span style={{ color: '#ffe066' }}>{reviewerName}</span>;
  const byline = name ? (
    rating ? (
      <>
        {name} left a {rating}-star review
      </>
    ) : (
      <>from {name}</>
    )
  ) : rating ? (
    `A ${rating}-star review`
  ) : neutral ? (
    'Every review counts: thank you, team!'
  ) : demo ? (
    'Only this screen shows it: no review has arrived.'
  ) : (
    'Great work, team!'
  );

  return (
    <div
      ref={overlay}
      data-testid="celebration-overlay"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2147483000,
        overflow: 'hidden',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '1.5rem',
        background: 'radial-gradient(ellipse at 50% 35%, rgba(44, 40, 116, 0.97) 0%, rgba(12, 13, 40, 0.98) 55%, rgba(3, 4, 16, 0.99) 100%)',
        color: '#fff',
        textAlign: 'center',
        fontFamily: 'inherit',
      }}
    >
      <Fireworks reducedMotion={shown.reducedMotion} />
      <div style={{ position: 'relative', maxWidth: '92vw' }}>
        <p
          ref={headline}
          style={{
            margin: 0,
            fontSize: 'clamp(3rem, 10vw, 10rem)',
            fontWeight: 900,
            lineHeight: 1.05,
            letterSpacing: '-0.02em',
            backgroundImage: 'linear-gradient(100deg, #fff3b0 0%, #ffd60a 30%, #ff9f1c 55%, #ff70e0 80%, #b388ff 100%)',
            WebkitBackgroundClip: 'text',
            backgroundClip: 'text',
            color: 'transparent',
            filter: 'drop-shadow(0 0.04em 0.12em rgba(0, 0, 0, 0.6))',
          }}
        >
          {neutral ? NEUTRAL_CELEBRATION_TEXT : demo ? DEMO_CELEBRATION_TEXT : message}
        </p>
        {rating !== undefined && (
          <p
            role="img"
            aria-label={`${rating} out of 5 stars`}
            style={{ margin: '0.2em 0 0', fontSize: 'clamp(2.25rem, 6vw, 6rem)', letterSpacing: '0.12em', lineHeight: 1.1 }}
          >
            {[1, 2, 3, 4, 5].map((star) => (
              <span
                key={star}
                aria-hidden="true"
                style={star <= rating ? { color: '#ffd60a', textShadow: '0 0 0.35em rgba(255, 214, 10, 0.65)' } : { color: 'rgba(255, 255, 255, 0.22)' }}
              >
                ★
              </span>
            ))}
          </p>
        )}
        <p
          style={{
            margin: '0.45em 0 0',
            fontSize: 'clamp(1.35rem, 3.6vw, 3.75rem)',
            fontWeight: 700,
            lineHeight: 1.2,
            color: 'rgba(255, 255, 255, 0.95)',
            textShadow: '0 0.06em 0.3em rgba(0, 0, 0, 0.8)',
            overflowWrap: 'anywhere',
          }}
        >
          {byline}
        </p>
      </div>
    </div>
  );
}

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  age: number;
  life: number;
  size: number;
  colour: string;
  trail: number[]; // x, y pairs, oldest first
}

interface Flash {
  x: number;
  y: number;
  age: number;
  colour: string;
}

const DRAG = 2.1; // per second
const TRAIL_POINTS = 9;
const FLASH_S = 0.35;
/** Where the reduced-motion still picture puts its bursts (fractions of the screen), clear of the message. */
const STILL_BURSTS = [
  [0.14, 0.2],
  [0.86, 0.18],
  [0.5, 0.1],
  [0.16, 0.8],
  [0.84, 0.82],
] as const;

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

/** The size everything scales with: 1080 on a 1920x1080 screen, about 430 on a phone. */
function unitOf(width: number, height: number): number {
  return Math.sqrt(width * height) * 0.75;
}

/** One firework bursting: PARTICLES_PER_FIREWORK particles in a ring, in two palette colours. */
function burst(index: number, width: number, height: number, particles: Particle[], flashes: Flash[], at?: readonly [number, number]): void {
  const unit = unitOf(width, height);
  // Go round the four quarters (left/right, above/below the message) so bursts spread over the screen.
  const x = width * (at ? at[0] : (index % 2 === 0 ? 0.06 : 0.54) + Math.random() * 0.4);
  const y = height * (at ? at[1] : Math.floor(index / 2) % 2 === 0 ? 0.08 + Math.random() * 0.28 : 0.62 + Math.random() * 0.24);
  const colours = [pick(FIREWORK_COLOURS), pick(FIREWORK_COLOURS)];
  const reach = unit * (0.12 + Math.random() * 0.06);
  const turn = Math.random() * Math.PI * 2;
  for (let i = 0; i < PARTICLES_PER_FIREWORK; i++) {
    const angle = turn + (i / PARTICLES_PER_FIREWORK) * Math.PI * 2 + (Math.random() - 0.5) * 0.18;
    const speed = reach * DRAG * (0.82 + Math.random() * 0.3);
    particles.push({
      x,
      y,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      age: 0,
      life: 1.7 + Math.random() * 0.6,
      size: Math.max(2.5, unit * 0.0058),
      colour: colours[i % 2]!,
      trail: [],
    });
  }
  flashes.push({ x, y, age: 0, colour: colours[0]! });
}

function step(particles: Particle[], flashes: Flash[], dt: number, gravity: number): void {
  const damping = Math.exp(-DRAG * dt);
  for (const p of particles) {
    p.trail.push(p.x, p.y);
    if (p.trail.length > TRAIL_POINTS * 2) p.trail.splice(0, 2);
    p.vx *= damping;
    p.vy = p.vy * damping + gravity * dt;
    p.x += p.vx * dt;
    p.y += p.vy * dt;
    p.age += dt;
  }
  for (const f of flashes) f.age += dt;
}

const glows = new Map<string, HTMLCanvasElement | null>();

/** A soft glowing dot, white-hot in the middle, drawn once per colour and then stamped. */
function glowSprite(colour: string): HTMLCanvasElement | null {
  let sprite = glows.get(colour);
  if (sprite === undefined) {
    sprite = document.createElement('canvas');
    sprite.width = sprite.height = 64;
    const context = sprite.getContext('2d');
    if (context) {
      const gradient = context.createRadialGradient(32, 32, 0, 32, 32, 32);
      gradient.addColorStop(0, '#fff');
      gradient.addColorStop(0.12, '#fff');
      gradient.addColorStop(0.26, colour);
      gradient.addColorStop(0.45, `${colour}59`);
      gradient.addColorStop(1, `${colour}00`);
      context.fillStyle = gradient;
      context.fillRect(0, 0, 64, 64);
    } else sprite = null;
    glows.set(colour, sprite);
  }
  return sprite;
}

function draw(context: CanvasRenderingContext2D, particles: Particle[], flashes: Flash[], unit: number): void {
  context.globalCompositeOperation = 'lighter';
  context.lineCap = 'round';
  for (const f of flashes) {
    if (f.age >= FLASH_S) continue;
    const radius = unit * 0.1 * (0.6 + f.age / FLASH_S);
    const glow = context.createRadialGradient(f.x, f.y, 0, f.x, f.y, radius);
    glow.addColorStop(0, `rgba(255, 255, 255, ${0.75 * (1 - f.age / FLASH_S)})`);
    glow.addColorStop(1, 'rgba(255, 255, 255, 0)');
    context.globalAlpha = 1;
    context.fillStyle = glow;
    context.fillRect(f.x - radius, f.y - radius, radius * 2, radius * 2);
  }
  for (const p of particles) {
    const fade = Math.max(0, 1 - p.age / p.life);
    // Embers shrink and twinkle as they die out.
    const alpha = Math.min(1, fade * 1.6) * (fade < 0.4 ? 0.6 + 0.4 * Math.sin(p.age * 38 + p.x) : 1);
    if (alpha <= 0.01) continue;
    const size = p.size * (0.45 + 0.55 * fade);
    context.strokeStyle = context.fillStyle = p.colour;
    // A comet tail that thickens and brightens towards the head.
    const points = p.trail.length / 2;
    for (let i = 0; i < points; i++) {
      const share = (i + 1) / (points + 1);
      context.globalAlpha = alpha * 0.7 * share;
      context.lineWidth = size * (0.4 + 1.1 * share);
      context.beginPath();
      context.moveTo(p.trail[i * 2]!, p.trail[i * 2 + 1]!);
      if (i + 1 < points) context.lineTo(p.trail[i * 2 + 2]!, p.trail[i * 2 + 3]!);
      else context.lineTo(p.x, p.y);
      context.stroke();
    }
    const glow = glowSprite(p.colour);
    if (glow) {
      context.globalAlpha = alpha;
      const radius = size * 4;
      context.drawImage(glow, p.x - radius, p.y - radius, radius * 2, radius * 2);
    }
  }
  context.globalAlpha = 1;
  context.globalCompositeOperation = 'source-over';
}

/**
 * The canvas fireworks: FIREWORK_COUNT bursts launched one every FIREWORK_INTERVAL_MS, with gravity and
 * fade. With reduced motion it draws one still picture of a few bursts instead of animating.
 */
function Fireworks({ reducedMotion }: { reducedMotion: boolean }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;

    let width = 0;
    let height = 0;
    let particles: Particle[] = [];
    let flashes: Flash[] = [];
    let frame = 0;

    const paintStill = () => {
      particles = [];
      flashes = [];
      STILL_BURSTS.forEach((at, i) => burst(i, width, height, particles, flashes, at));
      for (let t = 0; t < 0.55; t += 1 / 60) step(particles, flashes, 1 / 60, unitOf(width, height) * 0.25);
      context.clearRect(0, 0, width, height);
      draw(context, particles, flashes, unitOf(width, height));
    };
    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      width = canvas.clientWidth;
      height = canvas.clientHeight;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      if (reducedMotion) paintStill();
    };
    resize();
    window.addEventListener('resize', resize);
    if (reducedMotion) return () => window.removeEventListener('resize', resize);

    const start = performance.now();
    let last = start;
    let launched = 0;
    const tick = (now: number) => {
      const dt = Math.min((now - last) / 1000, 0.05);
      last = now;
      const elapsed = now - start;
      while (launched < FIREWORK_COUNT && elapsed >= launched * FIREWORK_INTERVAL_MS) {
        // A launch more than a second late (the tab was hidden) is skipped rather than piled up.
        if (elapsed - launched * FIREWORK_INTERVAL_MS < 1000) burst(launched, width, height, particles, flashes);
        launched++;
      }
      step(particles, flashes, dt, unitOf(width, height) * 0.25);
      particles = particles.filter((p) => p.age < p.life);
      flashes = flashes.filter((f) => f.age < FLASH_S);
      context.clearRect(0, 0, width, height);
      draw(context, particles, flashes, unitOf(width, height));
      frame = launched < FIREWORK_COUNT || particles.length > 0 ? requestAnimationFrame(tick) : 0;
    };
    frame = requestAnimationFrame(tick);

    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
    };
  }, [reducedMotion]);

  // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas takes no focus; the fireworks are decoration
  return <canvas ref={canvasRef} aria-hidden="true" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }} />;
}
