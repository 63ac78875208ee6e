// The server's settings: `symdap.verifyOnSave` (default true), from the client's
// initializationOptions ({verifyOnSave} or {symdap: {verifyOnSave}}) and, when the client
// supports it, workspace/configuration section `symdap`, asked at each save so a change applies at once.

export interface Settings {
  readonly verifyOnSave: boolean;
}

export const DEFAULT_SETTINGS: Settings = { verifyOnSave: true };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Settings from one source over `base`; anything not a boolean is ignored. */
export function readSettings(value: unknown, base: Settings = DEFAULT_SETTINGS): Settings {
  if (!isObject(value)) return base;
  const section = isObject(value.symdap) ? value.symdap : value;
  return typeof section.verifyOnSave === 'boolean' ? { ...base, verifyOnSave: section.verifyOnSave } : base;
}
