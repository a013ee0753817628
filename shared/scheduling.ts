// What the studio's Publish view and the studio on the server agree on about scheduled releases
// (scripts/studio/schedule-routes.ts answers, src/studio/publish/ shows): the site's clock, and
// each schedule said in words on it.

/** One scheduled release, as the Publish view lists it. */
export interface ScheduleView {
  id: string;
  /** When it goes live (ISO 8601). */
  at: string;
  /** The same, in words on the site's clock: "Tuesday 8 December, 09:00 (India, UTC+05:30)". */
  when: string;
  /** The same, as the date-and-time field shows it on the site's clock: "2026-12-08T09:00". */
  local: string;
  by: string;
  /** getting-ready: being built; waiting: built, goes live at its time; failed: will not go live; live: went live. */
  state: 'getting-ready' | 'waiting' | 'failed' | 'live' | 'not-needed';
  /** It went live after its time, when a server started again. */
  late?: boolean;
  /** An article's own time, followed by the server by itself. */
  article?: { title: string; change: 'goes-live' | 'expires' };
  /** Why it will not go live, in a sentence. */
  failure?: string;
}

export interface ScheduledAnswer {
  /** The site's time zone in words: "India, UTC+05:30". */
  zone: string;
  /** Now on the site's clock, as the date-and-time field shows it: the earliest time to choose. */
  now: string;
  schedules: ScheduleView[];
}

export interface ScheduleRequest {
  /** The commit whose changes the publisher was shown. */
  commit: string;
  /** The time asked, on the site's clock ("2026-12-08T09:00") or ISO with its offset. */
  at: string;
  /** The languages the list shown held back, as Publish sends them. */
  holdBack?: string[];
}
