// Package engine runs a surrogation (SPEC §5): it reads the inputs, runs
// quality control, decides which documents are released (QC proposal or the
// reviewer's toggle file), replaces every PII span according to the mode,
// writes public texts, private surrogate CAS files, mapping files, QC
// reports and run.json, and audits every public file for leaks.
//
// Phases: (1) read and QC every project; (2) plan — in a fixed order
// (projects as given, documents sorted by name) compute every replacement,
// so that consistency scopes and collision handling are deterministic
// whatever the worker count; (3) apply, write and audit documents in
// parallel; (4) write mappings and run.json.
//
// Modes: x (letters and digits → X), entity (span → its kind), gemtex
// ([** KIND KEY **], dates generalised or shifted) and fictive (realistic
// surrogates from the generators registered in package fictive). AGE ≤ 89
// and PROFESSION are kept in every mode and reported.
package engine
