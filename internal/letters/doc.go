// Package letters loads the project's own corpus of realistic German
// clinical letters (testdata/letters-src): fictitious letters written in
// the inline markup of testdata/sample-letters-src, where a PII span is
// written
//
//	[[KIND|covered text]]
//
// and a facility span (LOCATION_HOSPITAL, LOCATION_ORGANIZATION,
// LOCATION_OTHER) carries its expected fine facility type as a third field
//
//	[[LOCATION_ORGANIZATION|AOK PLUS|insurer-statutory]]
//
// from the fixed vocabulary of testdata/letters-src/FACILITY-TYPES.md
// (FacilityTypes). Parse turns one letter into its plain text and its
// spans, with offsets in bytes, Unicode code points (JSON Lines, BRAT) and
// UTF-16 code units (UIMA CAS); Load reads every *.md letter of a
// directory. Malformed markup (an unclosed or nested span, an unknown kind
// or type, a facility span without a type, a type on another kind, an
// empty span or one with leading or trailing blanks) is an error naming
// the letter, line and column; error messages never quote the covered
// text.
//
// The corpus has two sets: dev (detectors and surrogate generators may be
// tuned on it) and heldout (written in a different hand, never used for
// tuning; pre-annotation recall is reported on it). Letter.Document gives
// a document.Document for the product's readers and writers; the test of
// this package writes testdata/letters/{dev,heldout}.jsonl from it
// (go test ./internal/letters -update).
package letters
