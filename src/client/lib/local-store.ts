/** localStorage that never throws: storage can be full or disabled (privacy modes); the app then works per tab. */

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Answers whether the value is stored; callers that must not lose data tell the user when it is not. */
export function writeLocal(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeLocal(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See readLocal.
  }
}
