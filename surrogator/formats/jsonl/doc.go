// Package jsonl reads and writes JSON Lines documents: one JSON object per
// line, {"id": ..., "text": ..., "spans": [{"begin": b, "end": e, "kind": k}]},
// with offsets in Unicode code points of text.
//
// Fields of the line object other than id, text and spans, and fields of a
// span other than begin, end and kind, are kept in order in a Layers value
// and written back; so is the key order. A span field named "text" (the
// covered text, as many tools write it) is regenerated from the document's
// text on writing, so that it shows the surrogate after a replacement.
// Other unknown fields are written back verbatim: callers publishing JSON
// Lines must be aware that they may carry PII.
//
// Reader reads documents one by one. A malformed line gives an error that
// names its line number and does not stop the reader: the next call to Next
// continues with the following line.
package jsonl
