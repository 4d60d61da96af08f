// A device as a member recognises it, read simply from the user agent: the browser and the system, in
// the order the user agent's own tokens make unambiguous (Edge and Opera say "Chrome" too, Chrome on iOS
// says "Safari"). '' where none is known: the screen says "unknown".

const BROWSERS: [RegExp, string][] = [
  [/EdgA?\/|Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Line\//, 'LINE'],
  [/FBAN|FBAV/, 'Facebook'],
  [/CriOS\//, 'Chrome'],
  [/FxiOS\/|Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const first = (table: [RegExp, string][], ua: string) => table.find(([re]) => re.test(ua))?.[1] ?? '';

export function deviceOf(userAgent: string): { browser: string; os: string } {
  return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) };
}

/** "Chrome on Android", or the one part known, or the language's word for unknown. */
export function deviceName(d: { browser: string; os: string }, on: string, unknown: string): string {
  if (d.browser && d.os) return `${d.browser} ${on} ${d.os}`;
  return d.browser || d.os || unknown;
}

/** The address with its last part hidden: enough for a member to tell their network, not to track. */
export function maskAddress(ip: string): string {
  const v4 = ip.replace(/^::ffff:/, '');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) return v4.replace(/\.\d+$/, '.x');
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}:…`;
  return ip;
}
