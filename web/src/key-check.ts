// Whether a key still works, asked of the developer portal's key check (docs/portal.md): the key goes
// in the body, never in an address. An operation's 401 cannot tell: the service answers a live key whose
// subscription does not open the data asked for with the same 401 as a dead key.

/** True: the key works (whatever data it opens); false: it stopped or never was one; undefined: no answer. */
export async function keyAlive(key: string): Promise<boolean | undefined> {
  try {
    const answer = await fetch('/portal/api/key-check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key }),
    });
    if (!answer.ok) return undefined;
    const { alive } = (await answer.json()) as { alive?: unknown };
    return typeof alive === 'boolean' ? alive : undefined;
  } catch {
    return undefined;
  }
}
