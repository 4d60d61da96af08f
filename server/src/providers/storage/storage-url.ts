// STORAGE_URL: where slip pictures and chat files are kept. None, or a file: URL, keeps folders on disk;
// s3://bucket/prefix keeps them in S3-compatible object storage, slips under <prefix>/slips/ and chat
// files under <prefix>/chat/ of the same bucket. config.ts refuses a bad one at start.

/** Folders on disk: the root under which slips/ and chat/ go (SLIP_STORAGE_DIR, CHAT_STORAGE_DIR win). */
export interface FolderTarget {
  kind: 'folder';
  root: string | undefined;
}

export interface S3Target {
  kind: 's3';
  bucket: string;
  /** '' or parts ending in '/': every key of this server starts with it. */
  prefix: string;
  /** An S3-compatible service's address (MinIO, R2, ...); none means AWS. */
  endpoint: string | undefined;
  /** From the URL, else the SDK reads AWS_REGION. */
  region: string | undefined;
  /** bucket in the path (http://host/bucket/key), as most S3-compatible services want. */
  forcePathStyle: boolean;
  /** From the URL's user and password; none means the SDK's own chain (AWS_ACCESS_KEY_ID, ... roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export type StorageTarget = FolderTarget | S3Target;

const S3_PARAMS = new Set(['endpoint', 'region', 'forcePathStyle']);
/** S3's bucket names: 3 to 63 lower-case letters, digits, dots and hyphens. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** A prefix's parts follow the storage keys' rule (storage.ts isValidKey). */
const PREFIX_PART = /^[A-Za-z0-9_.-]+$/;

/**
 * The storage STORAGE_URL names, or why it cannot be used. `env` supplies AWS_REGION when the URL has no
 * region: the SDK would otherwise fail on the first upload instead of at start.
 */
export function parseStorageUrl(
  value: string | undefined,
  env: Record<string, string | undefined> = {},
): StorageTarget | { error: string } {
  if (!value) return { kind: 'folder', root: undefined };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: 'not a URL (s3://bucket/prefix?region=... or file:///folder)' };
  }
  if (url.protocol === 'file:') {
    if (url.search || url.hash || (url.host && url.host !== 'localhost'))
      return { error: 'a file: URL is a folder: file:///path' };
    return { kind: 'folder', root: decodeURIComponent(url.pathname) };
  }
  if (url.protocol !== 's3:') return { error: `${url.protocol} is not a storage (s3: or file:)` };
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) return { error: `"${bucket}" is not an S3 bucket name` };
  if (url.port) return { error: 'the bucket takes no port: put the service in endpoint=' };
  const parts = url.pathname.split('/').filter(Boolean);
  if (!parts.every((p) => PREFIX_PART.test(p) && p !== '.' && p !== '..'))
    return { error: 'the prefix has parts of letters, digits, "-", "_" and "." only' };
  for (const name of url.searchParams.keys())
    if (!S3_PARAMS.has(name))
      return { error: `unknown parameter ${name} (endpoint, region, forcePathStyle)` };
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/?#]+\/?$/.test(endpoint))
    return { error: 'endpoint= is http(s)://host[:port]' };
  const region = url.searchParams.get('region') ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
  if (!region) return { error: 'no region: add region=... or set AWS_REGION' };
  const pathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (!['true', 'false', '1', '0'].includes(pathStyle)) return { error: 'forcePathStyle= is true or false' };
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  if (Boolean(user) !== Boolean(password))
    return { error: 'credentials in the URL are both the key id and the secret: s3://ID:SECRET@bucket' };
  return {
    kind: 's3',
    bucket,
    prefix: parts.map((p) => `${p}/`).join(''),
    endpoint: endpoint?.replace(/\/$/, ''),
    region,
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
    credentials: user ? { accessKeyId: user, secretAccessKey: password } : undefined,
  };
}
