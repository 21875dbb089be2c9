// Package engine runs a surrogation (SPEC §5): it reads the inputs, runs
// quality control, decides which documents are released (QC proposal or the
// reviewer's toggle file), replaces every PII span according to the mode,
// writes public texts, private surrogate CAS files, mapping files, QC
// reports and run.json, and audits every public file for leaks.
//
// A run streams its inputs twice and keeps no document (staged.go):
// Prepare (pass 1) reads every source in order, runs QC per document and
// keeps what the run must know of the whole corpus in compact form (QC
// statistics and release decisions, the originals to audit and to avoid,
// corpus-scope date horizons, a digest per document; the per-document QC
// reports wait in a sealed spool). Plan.Write (pass 2) reads the inputs
// again and, document by document in a fixed order (projects as given,
// documents in reading order), plans every replacement (plan.go: consistency
// scopes and collisions are deterministic whatever the worker count),
// applies it, writes and audits the public text on worker goroutines, and
// finally writes the mappings, QC reports, provenance and run.json and
// publishes the public folder. Run (RunSources) is Prepare followed by
// Write.
//
// Modes: x (letters and digits → X), entity (span → its kind), gemtex
// ([** KIND KEY **], dates generalised or shifted) and fictive (realistic
// surrogates from the generators registered in package fictive). The kinds
// kept by default (kinds.Rules.Default: PROFESSION, AGE ≤ 89,
// LOCATION_COUNTRY and, unless --replace-state, LOCATION_STATE) are kept in
// every mode and reported.
package engine
