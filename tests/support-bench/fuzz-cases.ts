import type { RouteInfo } from './routes';

/** One malformed request: path with query, raw body and its content type. */
export interface FuzzCase {
  /** the route pattern it aims at (`GET /api/meeting/:id`), to group what it finds */
  route: string;
  method: string;
  path: string;
  body?: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
}

/** Small deterministic PRNG (mulberry32): the same seed gives the same cases, so a failure can be replayed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

/** Values of every wrong type for a field: the ones validation code forgets. */
const oddValues: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -0,
  2 ** 53 + 1,
  '',
  ' ',
  '\u0000',
  '\ud800',
  '%',
  '%%',
  '_',
  '\\',
  "'; drop table users; --",
  '0x1F',
  'NaN',
  'Infinity',
  '1e309',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '张'.repeat(3000),
  'x'.repeat(70_000),
  [],
  [null],
  [[[]]],
  {},
  { $ne: null },
  { __proto__: { polluted: 1 } },
  ['a', 1, null, {}],
  '2024-13-45T99:99:99Z',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
];

/** Raw bodies a JSON parser or validator might choke on. */
const rawBodies: [string | Uint8Array<ArrayBuffer>, string][] = [
  ['{', 'application/json'],
  ['{"a":}', 'application/json'],
  ['[1,2,', 'application/json'],
  ['"just a string"', 'application/json'],
  ['12345678901234567890123456789', 'application/json'],
  ['null', 'application/json'],
  ['true', 'application/json'],
  ['{"__proto__":{"polluted":"yes"}}', 'application/json'],
  ['{"constructor":{"prototype":{"polluted":"yes"}}}', 'application/json'],
  [deep(5000), 'application/json'],
  ['{"a":1,"a":2}', 'application/json'],
  // PostgreSQL text cannot hold NUL: each must be refused as input, never reach the database as a 500
  [
    '{"title":"a\\u0000b","content":"\\u0000","username":"\\u0000","keyword":"\\u0000","opinion":"\\u0000"}',
    'application/json',
  ],
  ['\ufeff{"title":"bom"}', 'application/json'],
  [new Uint8Array([0xff, 0xfe, 0x00, 0x7b, 0x00, 0x7d]), 'application/json; charset=utf-16'],
  [new Uint8Array([0xc3, 0x28, 0xa0, 0xa1]), 'application/json'],
  ['a=1&b=2', 'application/x-www-form-urlencoded'],
  ['<xml/>', 'text/xml'],
  ['plain', 'text/plain'],
  ['--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', 'multipart/form-data'],
  [
    '--x\r\nContent-Disposition: form-data; name="file"; filename="../a.txt"\r\n\r\nabc\r\n--x--',
    'multipart/form-data; boundary=x',
  ],
  ['--x--', 'multipart/form-data; boundary=y'],
  ['{}', 'application/json; charset=klingon'],
  ['{}', ''],
];

/** Query strings that break naive parsing: arrays, bad percent-encoding, huge numbers, duplicates. */
const rawQueries = [
  '?pageNum=abc',
  '?pageNum=0',
  '?pageNum=1e309',
  '?pageNum=-1&pageSize=-1',
  '?pageSize=1000000',
  '?pageNum[]=1&pageNum[]=2',
  '?pageNum=1&pageNum=2',
  '?keyword=%',
  '?keyword=%25%5F%5C',
  '?keyword=%ZZ',
  '?keyword=%E4%B8',
  `?keyword=${'%E5%BC%A0'.repeat(200)}`,
  '?keyword[$ne]=1',
  '?__proto__[polluted]=1',
  '?constructor[prototype][polluted]=1',
  '?fileName=..%2F..%2Fetc%2Fpasswd',
  '?fileName=%00',
  '?keyword=%00&queryValue=%00',
  '?keyword=a%00b',
  '?fileName=/dev/zero',
  '?fileName=con',
  '?uid=%00',
  '?queryValue=%27%20or%201%3D1--',
  `?x=${'a'.repeat(8000)}`,
  '?code=&path=javascript:alert(1)',
  '?cid=%0d%0aSet-Cookie:%20a=1',
  '?startDate=2024-02-30&endDate=1999-01-01',
  '?type=%3Cscript%3E',
];

/** Dates a calendar does not have, and times a clock does not show: parsers that only check the shape let them through. */
export const impossibleDates = [
  '2026-02-30',
  '2026-13-45',
  '2026-02-29',
  '2026-00-00',
  '0000-01-01',
  '9999-99-99',
  '2026-02-30T10:00:00+08:00',
  '2026-13-45T25:61:61Z',
  '2026-04-31T08:00',
  '2026-06-01T24:00:00Z',
];
/** Field and query names that carry dates somewhere in the app. */
const dateKeys = [
  'date',
  'day',
  'month',
  'startDate',
  'endDate',
  'start',
  'end',
  'from',
  'to',
  'startAt',
  'endAt',
  'startTime',
  'endTime',
  'beginDate',
  'signDate',
  'meetingDate',
  'remindAt',
  'at',
  'since',
  'until',
  'pinnedUntil',
  'publishAt',
];

const paramValues = [
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  'null',
  '-1',
  '1e309',
  '%E4%B8',
  'x'.repeat(1500),
  '%27%20or%201%3D1',
  '00000000-0000-0000-0000-000000000000',
  '%20',
];

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its raw CESU-8 bytes. */
function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .split('')
      .map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch)))
      .join('');
  }
}

function fill(route: RouteInfo, raw: string): string {
  return route.url.replace(/:(\w+)/g, () => raw);
}

/** At least `perRoute` malformed requests for one route, built from the fixed lists plus random field mixes. */
export function casesFor(route: RouteInfo, perRoute: number, random: () => number): FuzzCase[] {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const cases: FuzzCase[] = [];
  const basePath = () => fill(route, route.params.length ? pick(paramValues) : '');
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const label = `${route.method} ${route.url}`;
  const add = (c: Omit<FuzzCase, 'route' | 'method'>) => cases.push({ route: label, method: route.method, ...c });
  for (const query of rawQueries) add({ path: basePath() + query });
  if (hasBody) for (const [body, contentType] of rawBodies) add({ path: basePath(), body, contentType });
  // every impossible date in every date-carrying name, in the query and (for writes) in the body; a real-looking id
  // in the path so the request reaches the code that reads the date
  const idPath = () => fill(route, route.params.length ? '00000000-0000-4000-8000-000000000000' : '');
  for (const date of impossibleDates) {
    add({ path: `${idPath()}?${dateKeys.map((key) => `${key}=${encodeURIComponent(date)}`).join('&')}` });
    if (hasBody)
      add({
        path: idPath(),
        body: JSON.stringify(Object.fromEntries(dateKeys.map((key) => [key, date]))),
        contentType: 'application/json',
      });
  }
  while (cases.length < perRoute) {
    if (hasBody) {
      // an object whose likely field names carry values of the wrong type
      const fields = [
        'title',
        'content',
        'receiverIds',
        'channels',
        'link',
        'username',
        'password',
        'token',
        'code',
        'id',
        'url',
        'ids',
        'data',
        'formData',
        'opinion',
        'userIds',
      ];
      const obj: Record<string, unknown> = {};
      for (let i = 0; i < 1 + Math.floor(random() * 5); i += 1) obj[pick(fields)] = pick(oddValues);
      if (random() < 0.3) obj[pick(dateKeys)] = pick(impossibleDates);
      add({ path: basePath(), body: JSON.stringify(obj), contentType: 'application/json' });
    } else {
      const keys = ['pageNum', 'pageSize', 'keyword', 'fileName', 'type', 'status', 'id', 'startDate', 'category'];
      const value = pick(oddValues);
      const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
      add({ path: `${basePath()}?${pick(keys)}=${encodeLoosely(text)}` });
    }
  }
  return cases;
}
