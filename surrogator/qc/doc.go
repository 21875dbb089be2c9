// Package qc is the quality control of SPEC §4: per project it summarises
// every document (counts per kind, distinct originals), flags what a
// reviewer must look at (AGE > 89, every PROFESSION, OTHER, LOCATION_OTHER,
// zero or several DATE_BIRTH, unparseable dates, wrong annotations,
// overlaps), proposes part_of_corpus (0 for OTHER or wrong annotations) and
// writes corpus_details.csv, statistics.csv, corpus_documents.csv,
// quality_control.json, quality_control.xlsx and report.md.
//
// Reports contain original PII by nature; Write puts them only below the
// private directory with 0700/0600 permissions. The edited
// corpus_documents.csv (or .xlsx) is the release decision: ReadToggle reads
// it back for surrogator run --toggle.
package qc
