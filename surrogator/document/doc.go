// Package document is the engine's model of one annotated text: the text
// (UTF-8), its PII spans (byte offsets, canonical kind), the problems found
// while reading (wrong annotations, overlaps) and an opaque carrier for every
// other annotation layer of the source (a UIMA CAS), so that a document can be
// written back in its source format after replacement.
//
// Offsets: inside the engine every offset is a byte offset into Document.Text.
// Readers convert from UTF-16 code units (CAS) or code points (JSON Lines);
// writers convert back. Index builds the conversion tables once per text.
//
// Replacement: Apply takes a list of non-overlapping Edits (byte ranges and
// their replacement strings) and returns a new Document whose text, PII spans
// and layers are all re-based. The mapping rule is monotone: positions before
// an edit keep their place, positions after it shift by the length
// difference, and a position strictly inside a replaced range moves to the
// start (for a begin) or end (for an end) of the replacement, so an annotation
// that covered part of a replaced span covers all of its replacement.
package document
