// Package casjson reads and writes documents as UIMA CAS JSON (the format
// INCEpTION exports as "UIMA CAS JSON 0.4.0"). Every feature structure is
// kept; offsets are converted between the CAS's UTF-16 code units and the
// engine's byte offsets.
//
// The codec: ReadCAS decodes with an own strict JSON scanner (values stay
// slices of the input; no reflection except for the type-system header),
// a Reader shares that header between the documents of a project, and
// AppendCAS writes by appending to a byte slice, byte-identical to the
// encoding/json-based writer it replaced. ReadPHI reads only the text,
// title and PHI spans (the engine's pass 1) with the same checks as
// ReadCAS, without building the CAS.
package casjson
