/**
 * The Firestore access policy as one table: every collection path × role × operation, allow or deny.
 * Pure data (no SDK); matrix-cases.ts (run as the matrix-N.rules.test.ts shards) asserts every cell against the real rules in the emulator.
 *
 * Roles, each acting on the data of the owner named in brackets:
 * - anonymous         a visitor who is not signed in                       (alice's data)
 * - other-user        bob, signed in, with his own profile and project     (alice's data)
 * - owner             alice, signed in, on the trial                       (her own data)
 * - subscriber-owner  carol, signed in, users/carol.subscriptionActive     (her own data)
 *
 * "owner" of a server-only record (shares/{token}, billingCustomers/{cus}, stripeEvents/{evt},
 * accountUsage/{uid}, contactRequests/{req}) means the user the record is about: the token of her project,
 * her Stripe customer, her event, her quota usage (a client that could reset it would escape its quotas), the
 * contact request she sent (POST /api/contact stores it; nobody reads it back).
 * A subscription buys analysis, never access: the subscriber's row always equals the owner's.
 */

export const ROLES = ['anonymous', 'other-user', 'owner', 'subscriber-owner'] as const;
export type Role = (typeof ROLES)[number];

export const OPERATIONS = ['get', 'list', 'create', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

export type Outcome = 'allow' | 'deny';

export const COLLECTION_PATHS = [
  'users/{uid}',
  'projects/{p}',
  'projects/{p}/documents/{d}',
  'projects/{p}/documents/{d}/transcript/{part}',
  'projects/{p}/documents/{d}/searchData/{chunk}',
  'projects/{p}/searchPack/{part}',
  'projects/{p}/insights/{i}',
  'projects/{p}/synthesis/current',
  'projects/{p}/shareLinks/{kind}',
  'projects/{p}/publicViews/{kind}',
  'projects/{p}/publicClips/{clip}',
  'projects/{p}/clips/{clip}',
  'projects/{p}/reels/{reel}',
  'shares/{token}',
  'billingCustomers/{cus}',
  'stripeEvents/{evt}',
  'accountUsage/{uid}',
  'contactRequests/{req}',
] as const;
export type CollectionPath = (typeof COLLECTION_PATHS)[number];

// What each operation is in the test: get = getDoc of an existing document; list = the narrowest
// query a client would make for the owner's data (projects: where ownerId == owner); create =
// setDoc of a document that does not exist yet; update = updateDoc with the most innocent change
// (users: name; insights: title with editedAt = request.time); delete = deleteDoc.
const POLICY = `
  collection                                    role              get    list   create update delete
  users/{uid}                                   anonymous         deny   deny   deny   deny   deny
  users/{uid}                                   other-user        deny   deny   deny   deny   deny
  users/{uid}                                   owner             allow  deny   deny   allow  deny
  users/{uid}                                   subscriber-owner  allow  deny   deny   allow  deny

  projects/{p}                                  anonymous         deny   deny   deny   deny   deny
  projects/{p}                                  other-user        deny   deny   deny   deny   deny
  projects/{p}                                  owner             allow  allow  deny   deny   deny
  projects/{p}                                  subscriber-owner  allow  allow  deny   deny   deny

  projects/{p}/documents/{d}                    anonymous         deny   deny   deny   deny   deny
  projects/{p}/documents/{d}                    other-user        deny   deny   deny   deny   deny
  projects/{p}/documents/{d}                    owner             allow  allow  deny   deny   deny
  projects/{p}/documents/{d}                    subscriber-owner  allow  allow  deny   deny   deny

  projects/{p}/documents/{d}/transcript/{part}  anonymous         deny   deny   deny   deny   deny
  projects/{p}/documents/{d}/transcript/{part}  other-user        deny   deny   deny   deny   deny
  projects/{p}/documents/{d}/transcript/{part}  owner             allow  allow  deny   deny   deny
  projects/{p}/documents/{d}/transcript/{part}  subscriber-owner  allow  allow  deny   deny   deny

  projects/{p}/documents/{d}/searchData/{chunk}  anonymous         deny   deny   deny   deny   deny
  projects/{p}/documents/{d}/searchData/{chunk}  other-user        deny   deny   deny   deny   deny
  projects/{p}/documents/{d}/searchData/{chunk}  owner             deny   deny   deny   deny   deny
  projects/{p}/documents/{d}/searchData/{chunk}  subscriber-owner  deny   deny   deny   deny   deny

  projects/{p}/searchPack/{part}                anonymous         deny   deny   deny   deny   deny
  projects/{p}/searchPack/{part}                other-user        deny   deny   deny   deny   deny
  projects/{p}/searchPack/{part}                owner             deny   deny   deny   deny   deny
  projects/{p}/searchPack/{part}                subscriber-owner  deny   deny   deny   deny   deny

  projects/{p}/insights/{i}                     anonymous         deny   deny   deny   deny   deny
  projects/{p}/insights/{i}                     other-user        deny   deny   deny   deny   deny
  projects/{p}/insights/{i}                     owner             allow  allow  deny   allow  deny
  projects/{p}/insights/{i}                     subscriber-owner  allow  allow  deny   allow  deny

  projects/{p}/synthesis/current                anonymous         deny   deny   deny   deny   deny
  projects/{p}/synthesis/current                other-user        deny   deny   deny   deny   deny
  projects/{p}/synthesis/current                owner             allow  allow  deny   deny   deny
  projects/{p}/synthesis/current                subscriber-owner  allow  allow  deny   deny   deny

  projects/{p}/shareLinks/{kind}                anonymous         deny   deny   deny   deny   deny
  projects/{p}/shareLinks/{kind}                other-user        deny   deny   deny   deny   deny
  projects/{p}/shareLinks/{kind}                owner             allow  allow  deny   deny   deny
  projects/{p}/shareLinks/{kind}                subscriber-owner  allow  allow  deny   deny   deny

  projects/{p}/publicViews/{kind}               anonymous         deny   deny   deny   deny   deny
  projects/{p}/publicViews/{kind}               other-user        deny   deny   deny   deny   deny
  projects/{p}/publicViews/{kind}               owner             deny   deny   deny   deny   deny
  projects/{p}/publicViews/{kind}               subscriber-owner  deny   deny   deny   deny   deny

  projects/{p}/publicClips/{clip}               anonymous         deny   deny   deny   deny   deny
  projects/{p}/publicClips/{clip}               other-user        deny   deny   deny   deny   deny
  projects/{p}/publicClips/{clip}               owner             deny   deny   deny   deny   deny
  projects/{p}/publicClips/{clip}               subscriber-owner  deny   deny   deny   deny   deny

  projects/{p}/clips/{clip}                     anonymous         deny   deny   deny   deny   deny
  projects/{p}/clips/{clip}                     other-user        deny   deny   deny   deny   deny
  projects/{p}/clips/{clip}                     owner             allow  allow  deny   deny   deny
  projects/{p}/clips/{clip}                     subscriber-owner  allow  allow  deny   deny   deny

  projects/{p}/reels/{reel}                     anonymous         deny   deny   deny   deny   deny
  projects/{p}/reels/{reel}                     other-user        deny   deny   deny   deny   deny
  projects/{p}/reels/{reel}                     owner             allow  allow  deny   deny   deny
  projects/{p}/reels/{reel}                     subscriber-owner  allow  allow  deny   deny   deny

  shares/{token}                                anonymous         deny   deny   deny   deny   deny
  shares/{token}                                other-user        deny   deny   deny   deny   deny
  shares/{token}                                owner             deny   deny   deny   deny   deny
  shares/{token}                                subscriber-owner  deny   deny   deny   deny   deny

  billingCustomers/{cus}                        anonymous         deny   deny   deny   deny   deny
  billingCustomers/{cus}                        other-user        deny   deny   deny   deny   deny
  billingCustomers/{cus}                        owner             deny   deny   deny   deny   deny
  billingCustomers/{cus}                        subscriber-owner  deny   deny   deny   deny   deny

  stripeEvents/{evt}                            anonymous         deny   deny   deny   deny   deny
  stripeEvents/{evt}                            other-user        deny   deny   deny   deny   deny
  stripeEvents/{evt}                            owner             deny   deny   deny   deny   deny
  stripeEvents/{evt}                            subscriber-owner  deny   deny   deny   deny   deny

  accountUsage/{uid}                            anonymous         deny   deny   deny   deny   deny
  accountUsage/{uid}                            other-user        deny   deny   deny   deny   deny
  accountUsage/{uid}                            owner             deny   deny   deny   deny   deny
  accountUsage/{uid}                            subscriber-owner  deny   deny   deny   deny   deny
  contactRequests/{req}                         anonymous         deny   deny   deny   deny   deny
  contactRequests/{req}                         other-user        deny   deny   deny   deny   deny
  contactRequests/{req}                         owner             deny   deny   deny   deny   deny
  contactRequests/{req}                         subscriber-owner  deny   deny   deny   deny   deny
`;

export interface MatrixCell {
  path: CollectionPath;
  role: Role;
  op: Operation;
  expected: Outcome;
}

/** Every cell of the table, in table order. Throws on a malformed, duplicated or missing row. */
export function matrixCells(table: string = POLICY): MatrixCell[] {
  const lines = table
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const [header, ...rows] = lines;
  const expectedHeader = ['collection', 'role', ...OPERATIONS].join(' ');
  if (header.split(/\s+/).join(' ') !== expectedHeader) throw new Error(`Policy table header must read: ${expectedHeader}`);

  const cells: MatrixCell[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const [path, role, ...outcomes] = row.split(/\s+/);
    if (!(COLLECTION_PATHS as readonly string[]).includes(path)) throw new Error(`Unknown collection in policy table: ${path}`);
    if (!(ROLES as readonly string[]).includes(role)) throw new Error(`Unknown role in policy table: ${role}`);
    if (outcomes.length !== OPERATIONS.length || outcomes.some((o) => o !== 'allow' && o !== 'deny')) {
      throw new Error(`Policy row needs one allow/deny per operation: ${row}`);
    }
    const key = `${path} ${role}`;
    if (seen.has(key)) throw new Error(`Duplicate policy row: ${key}`);
    seen.add(key);
    OPERATIONS.forEach((op, i) => cells.push({ path: path as CollectionPath, role: role as Role, op, expected: outcomes[i] as Outcome }));
  }
  for (const path of COLLECTION_PATHS) {
    for (const role of ROLES) {
      if (!seen.has(`${path} ${role}`)) throw new Error(`Policy table has no row for ${path} as ${role}`);
    }
  }
  return cells;
}
