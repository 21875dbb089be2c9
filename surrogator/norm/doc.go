// Package norm normalises original PII strings so that variants of one
// mention share one surrogate (SPEC §5): case, white space, hyphen variants,
// the genitive -s / apostrophe, "Nachname, Vorname" order and salutations.
package norm
