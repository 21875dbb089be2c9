// Package fictive holds the realistic-surrogate machinery of fictive mode
// (SPEC §6): the consistency Scope that maps normalised originals to
// surrogates deterministically (HMAC-SHA256 of a key and the material), the
// per-span Context handed to generators, and the Generators table a run
// builds (no process-wide registry).
//
// Generators are pure functions of (original, context, rng): every random
// choice comes from Scope.Rand or Scope.Memo, whose rngs are derived from the
// scope key and the normalised material, never from global state. With
// --scope corpus one Scope (keyed by the key file) serves every document, so
// separate runs and shards that share the key agree without shared state.
//
// Sub-packages implement the generators per kind family: names, contact
// (IDs, phone, e-mail, URL, IBAN, BIC, user names), location (addresses and
// facilities, embedded default gazetteer or geodata pack).
package fictive
