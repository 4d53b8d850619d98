/**
 * 所有日程 edited from one occurrence: the series keeps its first day, and whatever the user changed in the times of
 * the occurrence shown (moved by so much, made so much longer) is applied to the series' first occurrence. Instants
 * are ISO strings; the answer is the series' new start and end.
 */
export function wholeSeriesTimes(
  series: { startAt: string; endAt: string },
  shown: { startAt: string; endAt: string },
  edited: { startAt: string; endAt: string },
): { startAt: string; endAt: string } {
  const ms = Date.parse;
  const moved = ms(edited.startAt) - ms(shown.startAt);
  const longer = ms(edited.endAt) - ms(edited.startAt) - (ms(shown.endAt) - ms(shown.startAt));
  return {
    startAt: new Date(ms(series.startAt) + moved).toISOString(),
    endAt: new Date(ms(series.endAt) + moved + longer).toISOString(),
  };
}
