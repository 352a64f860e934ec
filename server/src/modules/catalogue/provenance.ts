/**
 * How a version reached the registry, stored as JSON in `node_versions.provenance` and shown in
 * its trust panel. Recorded when the version is published; versions published before it was
 * recorded, mirrored or seeded have none.
 */
export type Provenance =
  | { via: 'token'; token_name: string; token_last_four: string }
  | { via: 'browser'; user_id: string; user_name: string }
  | {
      via: 'trusted_publisher';
      issuer: string;
      repository: string;
      workflow: string;
      environment: string;
      commit: string;
      run_id: string;
      /** Which attempt of the run (re-runs keep the run id); absent on versions recorded before. */
      run_attempt?: string;
      ref: string;
    };

export function provenanceJson(provenance: Provenance | null): string {
  return provenance === null ? '' : JSON.stringify(provenance);
}

/** The stored provenance, or null when none was recorded (or the text is not one). */
export function parseProvenance(text: string): Provenance | null {
  if (text === '') return null;
  try {
    const value = JSON.parse(text) as { via?: unknown };
    return value.via === 'token' || value.via === 'browser' || value.via === 'trusted_publisher'
      ? (value as Provenance)
      : null;
  } catch {
    return null;
  }
}
