// The server's settings: `symdap.verifyOnSave` (default true), `symdap.proofLenses`
// (default true: a verification also computes what each check that holds rests on, shown
// as a code lens above the check) and `symdap.verifyMode` (`explore`, the default, or
// `modular`: loops by their invariants, calls by their contracts), from the client's initializationOptions
// ({verifyOnSave} or {symdap: {verifyOnSave}}) and, when the client supports it,
// workspace/configuration section `symdap`, asked at each save so a change applies at once.

export interface Settings {
  readonly verifyOnSave: boolean;
  readonly proofLenses: boolean;
  readonly verifyMode: 'explore' | 'modular';
}

export const DEFAULT_SETTINGS: Settings = { verifyOnSave: true, proofLenses: true, verifyMode: 'explore' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Settings from one source over `base`; a value of the wrong type is ignored. */
export function readSettings(value: unknown, base: Settings = DEFAULT_SETTINGS): Settings {
  if (!isObject(value)) return base;
  const section = isObject(value.symdap) ? value.symdap : value;
  const flag = (key: 'verifyOnSave' | 'proofLenses'): boolean =>
    typeof section[key] === 'boolean' ? (section[key] as boolean) : base[key];
  const mode =
    section.verifyMode === 'explore' || section.verifyMode === 'modular' ? section.verifyMode : base.verifyMode;
  return { verifyOnSave: flag('verifyOnSave'), proofLenses: flag('proofLenses'), verifyMode: mode };
}
