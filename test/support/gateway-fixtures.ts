import type { Page } from '@playwright/test';
import type { CallDef } from '../../src/shared/api/contract.ts';
import { basicSetsCalls } from '../../src/shared/api/basic-sets.ts';
import { borrowRulesCalls } from '../../src/shared/api/borrow-rules.ts';
import { catalogueCalls } from '../../src/shared/api/catalogue.ts';
import { readerCalls } from '../../src/shared/api/readers.ts';

/**
 * A gateway call with the page's own session (the contract's path and method): the tab's token in
 * a browser, main's (window.lib.auth) in a desktop page. Throws with the gateway's message on a
 * refusal, so a fixture that cannot be made stops the test at once.
 */
export async function gw<T>(page: Page, def: CallDef, input: unknown): Promise<T> {
  return page.evaluate(async ({ path, method, body }) => {
    const auth = (window as unknown as { lib?: { auth?: { current(): Promise<{ ok: boolean; data: { access_token: string } | null }> } } }).lib?.auth;
    const token = auth ? ((await auth.current()).data ?? {}) as { access_token?: string } : JSON.parse(sessionStorage.getItem('lib.token') ?? '{}') as { access_token?: string };
    const r = await fetch(path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}` }, body: JSON.stringify(body) });
    const env = (await r.json()) as { code: number; data: unknown; message: string };
    if (env.code !== 0) throw new Error(`${path}: ${env.message}`);
    return env.data;
  }, { path: def.path, method: def.method, body: input }) as Promise<T>;
}

/** A valid ISBN-13 from its first 12 digits. */
export const isbn13 = (first12: string) => {
  let s = 0;
  for (let i = 0; i < 12; i++) s += (i % 2 ? 3 : 1) * Number(first12[i]);
  return first12 + String((10 - (s % 10)) % 10);
};

/** Types a code the way a barcode scanner does: a burst of keys, then Enter. */
export async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/**
 * A new reader of the small-class group (5 books at most) and `copies` copies of a new title, made
 * through the gateway as an administrator would: names carry a unique tag so tests never collide.
 */
export async function readerWithBooks(page: Page, o: { card: string; name: string; title: string; copies: number; deptId?: number }): Promise<{ userId: number; books: string[] }> {
  const tag = String(Date.now()).slice(-6);
  const groups = await gw<{ List: Array<{ ID: string; Name: string }> }>(page, borrowRulesCalls.getGroups, { Page: 1, Size: 50 });
  const small = groups.List.find((g) => g.Name === '小班借阅组')!;
  const reader = await gw<{ ID: number }>(page, readerCalls.addReader, {
    Account: `e2e${o.card.toLowerCase()}`, Name: o.name, ReaderID: o.card, Identity: 'student', Phone: '13800000000', ...(o.deptId ? { DeptID: o.deptId } : {}),
  });
  await gw(page, borrowRulesCalls.addAssignments, { GroupID: small.ID, Kind: 'reader', TargetIDs: [o.card] });
  const areas = await gw<{ List: Array<{ ID: number }> }>(page, basicSetsCalls.locationList, { Page: 1, Size: 10 });
  const saved = await gw<{ Copies: Array<{ Barcode: string }> }>(page, catalogueCalls.addItemsCatalogueInfo, {
    Item: { Title: o.title, ISBN: isbn13(`97871${tag}${String(Math.floor(Math.random() * 10))}`), Price: 25, ClassNo: 'I287.5' }, Copies: { Count: o.copies, AreaID: areas.List[0]!.ID },
  });
  return { userId: reader.ID, books: saved.Copies.map((c) => c.Barcode) };
}
