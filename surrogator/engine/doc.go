// Package engine runs a surrogation (SPEC §5): it reads the inputs, runs
// quality control, decides which documents are released (QC proposal or the
// reviewer's toggle file), replaces every PII span according to the mode,
// writes public texts, private surrogate CAS files, mapping files, QC
// reports and run.json, and audits every public file for leaks.
//
// A run streams its inputs twice and keeps no document. The package is
// the facade (Options, Prepare, Plan, Run, Result) and the orchestration
// of the stages, one file each:
//
//   - pass1.go, Prepare (pass 1): reads every source in order, runs QC
//     per document on the workers and keeps what the run must know of the
//     whole corpus in compact form (QC statistics and release decisions,
//     the originals to audit and to avoid, corpus-scope date horizons, a
//     digest per document; the per-document QC reports wait in a sealed
//     spool);
//   - pass2.go, stream (pass 2): reads the inputs again and, document by
//     document in a fixed order (projects as given, documents in reading
//     order), decides its release and plans every replacement (package
//     plan), then applies, writes and audits it on worker goroutines
//     (package publish) and collects the outcomes in reading order;
//   - commit.go, Plan.Write: opens the run (key, recovery, lock,
//     run.json), runs pass 2 beside the QC reports, and commits: mappings,
//     provenance, run.json, the rename of the public folder.
//
// Run (RunSources) is Prepare followed by Write.
//
// Modes: x (letters and digits → X), entity (span → its kind), gemtex
// ([** KIND KEY **], dates generalised or shifted) and fictive (realistic
// surrogates from the generators registered in package fictive). The kinds
// kept by default (kinds.Rules.Default: PROFESSION, AGE ≤ 89,
// LOCATION_COUNTRY and, unless --replace-state, LOCATION_STATE) are kept in
// every mode and reported.
package engine
