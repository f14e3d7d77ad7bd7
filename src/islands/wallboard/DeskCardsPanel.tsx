import type { DashboardDeskCard } from '#domain/game/dashboard.ts';

/**
 * The board's people's desk cards (issue 29): a customer in the waiting room scans the code of the
 * person who helped them, and the review they are asked for credits that person. Each code is as large
 * as the panel allows (src/styles/global.css, "The desk cards' codes"), so it scans from a few steps
 * away; the wallboard skips this panel while no card is printed (panelsToShow).
 */
export function DeskCardsPanel({ cards }: { cards: DashboardDeskCard[] }) {
  if (cards.length === 0) {
    return (
      <div class="flex h-full flex-col items-center justify-center gap-[1.5vh] rounded-3xl bg-white/5 p-8 text-center ring-1 ring-white/10" data-empty-state>
        <p class="text-[clamp(1.25rem,4vh,3.25rem)] font-bold">No desk card printed yet</p>
        <p class="text-[clamp(1rem,2.8vh,2.25rem)] text-slate-300">Print one for each person from the admin panel's Staff card; their codes show here.</p>
      </div>
    );
  }
  return (
    <div class="desk-cards-panel flex h-full flex-col items-center justify-center gap-[2vh] rounded-3xl bg-white/5 p-[2vh] ring-1 ring-white/10">
      <p class="desk-cards-lead text-center text-[clamp(1.1rem,3.2vh,2.75rem)] leading-tight font-bold">
        Scan the code of the person who helped you to leave a review
      </p>
      <ul class="desk-codes flex flex-wrap items-start justify-center gap-x-[2.5vw] gap-y-[2vh]" style={{ '--codes': cards.length }}>
        {cards.map((card) => (
          <li key={card.staffId} data-testid="desk-card-code" class="flex flex-col items-center gap-[0.8vh]">
            <img src={card.qrUrl} alt={`QR code for ${card.firstName}`} class="desk-code-image rounded-2xl bg-white p-[0.8vh]" width={300} height={300} />
            <span class="max-w-[30vw] truncate text-[clamp(1rem,3vh,2.5rem)] leading-tight font-extrabold">{card.firstName}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
