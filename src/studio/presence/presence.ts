// Telling the server which entry this window shows, and hearing who else has it open (POST
// api/presence, scripts/studio/presence-routes.ts): once on open, every 15 s while it stays open,
// and a leave when another entry opens or the page goes away (sent so it outlives the page).
import { useEffect, useState } from 'react';
import type { Presence } from '../../../shared/studio-protocol.ts';
import { call, studioWindow } from '../api.ts';

/** How often a window says it is still there (the server forgets one silent for 45 s). */
export const everyMs = 15_000;

const say = (file: string) => call<Presence>('presence', { body: { file, window: studioWindow } });
const leave = () => call<Presence>('presence', { body: { window: studioWindow, leave: true }, keepalive: true });

/** The others who have `file` open now (their addresses, or "another studio window"). */
export function useOthers(file: string | undefined): string[] {
  const [others, setOthers] = useState<string[]>([]);
  useEffect(() => {
    if (!file) return;
    let current = true;
    const ask = () =>
      say(file).then(
        (answer) => current && setOthers(answer.others),
        () => undefined,
      );
    void ask();
    const timer = setInterval(() => void ask(), everyMs);
    const gone = () => void leave().catch(() => undefined);
    window.addEventListener('pagehide', gone);
    return () => {
      current = false;
      clearInterval(timer);
      window.removeEventListener('pagehide', gone);
      setOthers([]);
    };
  }, [file]);
  return others;
}

/** "ana@example.com, bo@example.com", or "another studio window" / "3 other studio windows". */
export function othersInWords(others: string[], windowName = 'another studio window'): string {
  const windows = others.filter((other) => other === windowName).length;
  const people = others.filter((other) => other !== windowName);
  if (windows > 1) people.push(`${windows} other studio windows`);
  else if (windows === 1) people.push(windowName);
  return people.join(', ');
}
