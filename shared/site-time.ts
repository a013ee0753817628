// Times in the site's time zone (site.yaml's `timeZone`): said as a marketing manager reads them,
// "Tuesday 8 December, 09:00 (India, UTC+05:30)", and read from what a publisher types, a date and
// time on the site's clock or an ISO time with its offset. Intl knows the zones and their rules
// (summer time included), in Node and in the browser alike.

/** Whether `name` is a time zone Intl knows (an IANA name, like Asia/Kolkata). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function zonePart(ms: number, timeZone: string, style: 'longOffset' | 'longGeneric'): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: style }).formatToParts(ms);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** The zone's offset from UTC at that instant, in minutes (+330 for India). */
export function offsetMinutes(ms: number, timeZone: string): number {
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(zonePart(ms, timeZone, 'longOffset'));
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** "UTC+05:30", "UTC-05:00", "UTC+00:00". */
export function offsetText(ms: number, timeZone: string): string {
  const minutes = offsetMinutes(ms, timeZone);
  const whole = Math.abs(minutes);
  const two = (n: number) => String(n).padStart(2, '0');
  return `UTC${minutes < 0 ? '-' : '+'}${two(Math.floor(whole / 60))}:${two(whole % 60)}`;
}

/** The zone's place as people say it: "India", "United Kingdom", "Gulf". */
export function placeOf(ms: number, timeZone: string): string {
  if (/^(Etc\/)?(UTC|GMT|UCT|Zulu|Universal)$/i.test(timeZone)) return 'UTC';
  return zonePart(ms, timeZone, 'longGeneric').replace(/( Standard)? Time$/, '');
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function wallClock(ms: number, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** "Tuesday 8 December, 09:00 (India, UTC+05:30)"; the year is said when it is not this year's. */
export function describeTime(ms: number, timeZone: string, now = Date.now()): string {
  const sameYear = wallClock(ms, timeZone).year === wallClock(now, timeZone).year;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).formatToParts(ms);
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? '';
  const day = [part('weekday'), part('day'), part('month'), ...(sameYear ? [] : [part('year')])].join(' ');
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
  return `${day}, ${time} (${placeOf(ms, timeZone)}, ${offsetText(ms, timeZone)})`;
}

/** "2026-12-08T09:00": the instant on the zone's clock, as a date-and-time field shows it. */
export function wallClockText(ms: number, timeZone: string): string {
  const { year, month, day, hour, minute } = wallClock(ms, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}`;
}

const withOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const onTheClock = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/;

/** The furthest ahead a release can be scheduled. */
export const SCHEDULE_HORIZON_DAYS = 366;

export type ScheduleTime = { ok: true; ms: number } | { ok: false; error: string };

/**
 * When a release is to go live, from what a publisher typed: a date and time on the site's clock
 * ("2026-12-08T09:00") or an ISO time with its offset ("2026-12-08T09:00:00+05:30", "…Z").
 * Refused in words: anything else, a day or time that does not exist (31 April, the hour the
 * clocks skip), a time already past, or more than a year ahead.
 */
export function readScheduleTime(input: unknown, timeZone: string, now = Date.now()): ScheduleTime {
  const text = typeof input === 'string' ? input.trim() : '';
  const example = `like ${wallClockText(now + 86_400_000, timeZone)} for tomorrow at this time`;
  let ms: number;
  if (withOffset.test(text)) {
    ms = Date.parse(text);
    const [date] = text.split('T');
    const [y, m, d] = date.split('-').map(Number);
    const day = new Date(Date.UTC(y, m - 1, d));
    if (Number.isNaN(ms) || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d)
      return { ok: false, error: `${JSON.stringify(text.slice(0, 40))} is not a day and time that exists.` };
  } else {
    const match = onTheClock.exec(text);
    if (!match)
      return {
        ok: false,
        error: `Give the date and time it goes live, ${example} (${placeOf(now, timeZone)} time).`,
      };
    const [year, month, day, hour, minute] = match.slice(1).map(Number);
    const guess = Date.UTC(year, month - 1, day, hour, minute);
    let at = guess - offsetMinutes(guess, timeZone) * 60_000;
    at = guess - offsetMinutes(at, timeZone) * 60_000;
    const back = wallClock(at, timeZone);
    if (back.year !== year || back.month !== month || back.day !== day || back.hour !== hour || back.minute !== minute)
      return {
        ok: false,
        error: `${text.replace('T', ' ')} does not exist in ${placeOf(guess, timeZone)} time (no such day, or the clocks skip that hour). Choose another time.`,
      };
    ms = at;
  }
  if (ms <= now)
    return {
      ok: false,
      error: `${describeTime(ms, timeZone, now)} has already passed. Choose a time to come, ${example}.`,
    };
  if (ms > now + SCHEDULE_HORIZON_DAYS * 86_400_000)
    return { ok: false, error: `${describeTime(ms, timeZone, now)} is more than a year ahead. Choose a nearer time.` };
  return { ok: true, ms };
}
