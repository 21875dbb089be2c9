// Package audit finds original PII strings in text (SPEC §5 leak audit).
//
// A Matcher is built once from the originals of a project. Matching is
// case-insensitive and white-space-normalised: text and originals are cut
// into word tokens (runs of letters and digits, lower-cased), and an
// original matches where its token sequence occurs in the text's token
// sequence. Punctuation between tokens is ignored, which is stricter than a
// plain substring search (it also finds "Albers ,Beate" for "Albers,
// Beate") and never matches inside a word ("Ina" does not match
// "Medizin"). Originals with fewer than two letters or digits are ignored.
//
// The kinds audited are the direct and quasi identifiers that every mode
// replaces: person names and user names, locations, IDs, contacts and OTHER.
// Dates are audited per document (dates.go): a letter's own date originals
// more specific than a bare year are searched for in its public text as
// whole strings, except inside the surrogate of another date span of the
// letter (a shifted date may coincide with another original by design);
// --date-shift 0 keeps them and they are not searched for. AGE ≤ 89,
// PROFESSION and titles are kept, so these are not audited;
// nor are LOCATION_COUNTRY and LOCATION_STATE, kept by the state policy
// (SPEC §6), nor, through AuditedSpan, a city-state used as a city.
package audit
