// Package qc is the quality control of SPEC §4: per project it summarises
// every document (counts per kind, distinct originals), flags what a
// reviewer must look at (the flags of the kinds rules table,
// kinds.Rules.QCFlag: AGE > 89, every PROFESSION, OTHER, LOCATION_OTHER,
// the LOCATION_COUNTRY/STATE kept by the state policy, unparseable dates;
// besides zero or several DATE_BIRTH, wrong annotations, overlaps, a
// document without PII annotations), lists suspected unannotated PII
// (package suspects), proposes part_of_corpus (0 for OTHER, wrong
// annotations or no PII annotation) and writes corpus_details.csv,
// statistics.csv, corpus_documents.csv, suspects.csv,
// quality_control.json, quality_control.xlsx and report.md.
//
// Reports contain original PII by nature; Write puts them only below the
// private directory with 0700/0600 permissions. The edited
// corpus_documents.csv (or .xlsx) is the release decision: ReadToggle reads
// it back for surrogator run --toggle.
package qc
