import { DEVICE_WISHLIST_KEY, readDeviceList, type WishlistEntry } from '#core/wishlist.ts';

/**
 * A guest's list on this device (localStorage, decision 0048). Storage can be refused (a private window, a
 * full quota): the list then reads as empty and a save is not kept, rather than the page failing.
 */
export function readDevice(): WishlistEntry[] {
  try {
    return readDeviceList(localStorage.getItem(DEVICE_WISHLIST_KEY), Date.now());
  } catch {
    return [];
  }
}

export function writeDevice(list: readonly WishlistEntry[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(DEVICE_WISHLIST_KEY);
    else localStorage.setItem(DEVICE_WISHLIST_KEY, JSON.stringify(list));
  } catch {
    // Not kept: the heart shows what was asked for this page, the list stays as it was.
  }
}

let merging: Promise<boolean> | null = null;

/**
 * After sign-in: the device's list is posted once to the account (the server adds what it lacks, core/wishlist.ts
 * `mergeIntoAccount`) and, once accepted, cleared from the device. True when something was posted.
 */
export function mergeDevice(segment: string, csrf: string): Promise<boolean> {
  merging ??= (async () => {
    const list = readDevice();
    if (list.length === 0) return false;
    const body = new FormData();
    body.set('intent', 'merge');
    body.set('csrf', csrf);
    body.set('items', JSON.stringify(list));
    body.set('js', '1');
    const answer = await fetch(`/${segment}/wishlist`, { method: 'POST', body }).catch(() => null);
    if (!answer?.ok) {
      merging = null;
      return false;
    }
    writeDevice([]);
    return true;
  })();
  return merging;
}
