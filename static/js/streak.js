// The daily streak is the server's (puzzles/players/streaks.py, freezes and all); the
// browser keeps its last answer to api.me and only says what that answer shows on a later day,
// with no solve since (held to the server's rule by tests/js/test_parity.py). No DOM.

const DAY_MS = 864e5;
const daysFrom = (day, later) => Math.round((Date.parse(later) - Date.parse(day)) / DAY_MS);

// `me`: the server's answer (streak, best_streak, freezes, streak_until...); `today`:
// yyyy-mm-dd (UTC). Up to streak_until each missed day spends a freeze and the streak stands;
// after it the streak is over (the best stays).
export function streakToday(me, today) {
  const alive = me.streak_until != null && today <= me.streak_until;
  return { ...me, streak: alive ? me.streak : 0,
           freezes: alive ? Math.min(me.freezes, daysFrom(today, me.streak_until)) : 0 };
}

// Asks the server (api.me) and keeps a good answer: every page showing the streak or
// the solves asks through here.
export async function askMe(api, storage) {
  const answer = await api.me();
  if (answer.ok) storage.saveMe(answer.data);
  return answer;
}
