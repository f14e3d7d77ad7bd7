/** Progress toward the target in whole percent, capped at 100 (SPEC.md section 9). */
export function progressPercent(reviews: number, target: number): number {
  if (target <= 0) return 0;
  return Math.min(100, Math.round((reviews / target) * 100));
}

/** Red below 33 %, yellow from 33 to below 66 %, green from 66 % up. */
export function progressColor(percent: number): string {
  if (percent < 33) return 'bg-red-500';
  if (percent < 66) return 'bg-amber-400';
  return 'bg-emerald-500';
}

/** The stored rating is stars x 10: 47 shows as "4.7"; nothing yet shows "0.0". */
export function ratingLabel(averageRatingX10: number): string {
  return (averageRatingX10 / 10).toFixed(1);
}
