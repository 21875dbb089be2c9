// Package brat reads and writes BRAT standoff annotations: a UTF-8 text file
// (.txt) and its annotation file (.ann).
//
// Text-bound annotations ("T3<TAB>LABEL 10 15;17 20<TAB>covered text") become
// PII spans: one span per fragment, all with the T number as Ref and the
// entity type as Label. BRAT offsets count Unicode code points; they are
// converted to byte offsets of the text. Every other line (AnnotatorNotes
// "#", attributes "A", relations "R", normalisations "N", events "E",
// equivalences "*") is kept verbatim in a Layers value together with the
// text-bound annotations, so that Write reproduces the .ann file; after a
// replacement the fragments are re-based through the document.Mapping and
// the covered-text column is regenerated from the new text.
//
// Lines other than text-bound annotations are written back as read. They
// may hold document text (AnnotatorNotes, the text column of "N" lines);
// callers that publish .ann files must decide whether to drop them.
package brat
