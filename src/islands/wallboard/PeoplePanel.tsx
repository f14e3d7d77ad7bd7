import type { LeaderboardPerson } from '#domain/game/standings.ts';
import { percentLabel, sharedRanks } from './wallboard-figures.ts';

const HEAD = 'px-[0.8vw] py-[0.6vh] text-right font-semibold text-slate-400 first:text-left';
const CELL = 'px-[0.8vw] py-[0.55vh] text-right tabular-nums';

/** This week's people leaderboard: who asked, who got opened, who got reviews, best score first. */
export function PeoplePanel({ people }: { people: LeaderboardPerson[] }) {
  if (people.length === 0) {
    return (
      <div class="flex h-full flex-col items-center justify-center gap-[1.5vh] rounded-3xl bg-white/5 p-8 text-center ring-1 ring-white/10" data-empty-state>
        <p class="text-[clamp(1.25rem,4vh,3.25rem)] font-bold">Nobody has asked for a review this week yet</p>
        <p class="text-[clamp(1rem,2.8vh,2.25rem)] text-slate-300">The first request of the week puts its sender at the top of the board.</p>
      </div>
    );
  }
  const ranks = sharedRanks(people.map((p) => p.score));
  return (
    <div class="overflow-x-auto rounded-3xl bg-slate-900/80 px-2 py-2 ring-1 ring-white/10 lg:px-[1vw] lg:py-[1vh]">
      <table class="w-full text-base whitespace-nowrap lg:text-[clamp(1rem,2.8vh,2.4rem)] lg:leading-tight">
        <thead class="text-sm lg:text-[clamp(0.85rem,2.5vh,2rem)]">
          <tr>
            <th scope="col" class={`${HEAD} w-[1%]`}>
              <span class="sr-only">Rank</span>#
            </th>
            <th scope="col" class={`${HEAD} !text-left`}>
              Name
            </th>
            <th scope="col" class={HEAD}>
              Sent
            </th>
            <th scope="col" class={HEAD}>
              Opened
            </th>
            <th scope="col" class={HEAD}>
              Reviews
            </th>
            <th scope="col" class={HEAD}>
              Conversion
            </th>
            <th scope="col" class={HEAD}>
              Score
            </th>
          </tr>
        </thead>
        <tbody>
          {people.map((person, i) => (
            <tr key={person.staffId} data-testid="person-row" class="border-t border-white/10">
              <td class={`${CELL} !text-left font-black ${ranks[i] === 1 ? 'text-amber-300' : 'text-slate-400'}`}>{ranks[i]}</td>
              <td class={`${CELL} max-w-[30vw] truncate !text-left font-bold`}>{person.firstName}</td>
              <td class={CELL}>{person.requestsSent}</td>
              <td class={CELL}>{person.linksOpened}</td>
              <td class={CELL}>{person.reviewsMatched}</td>
              <td class={CELL}>{percentLabel(person.conversion)}</td>
              <td class={`${CELL} font-black text-amber-300`}>{person.score}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
