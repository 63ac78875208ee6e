// The server's settings: `symdap.verifyOnSave` (default true) and `symdap.proofLenses`
// (default true: a verification also computes what each check that holds rests on, shown
// as a code lens above the check), from the client's initializationOptions
// ({verifyOnSave} or {symdap: {verifyOnSave}}) and, when the client supports it,
// workspace/configuration section `symdap`, asked at each save so a change applies at once.

export interface Settings {
  readonly verifyOnSave: boolean;
  readonly proofLenses: boolean;
}

export const DEFAULT_SETTINGS: Settings = { verifyOnSave: true, proofLenses: true };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Settings from one source over `base`; anything not a boolean is ignored. */
export function readSettings(value: unknown, base: Settings = DEFAULT_SETTINGS): Settings {
  if (!isObject(value)) return base;
  const section = isObject(value.symdap) ? value.symdap : value;
  const flag = (key: keyof Settings): boolean =>
    typeof section[key] === 'boolean' ? (section[key] as boolean) : base[key];
  return { verifyOnSave: flag('verifyOnSave'), proofLenses: flag('proofLenses') };
}
