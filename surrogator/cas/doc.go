// Package cas is an in-memory UIMA CAS that keeps every feature structure of
// a source document — tokens, sentences, metadata, PHI and anything else — so
// that a document can be written back after its text was changed, with every
// annotation re-based.
//
// The model is format neutral: feature values are kept as their JSON
// encoding (strings, numbers, booleans, arrays; references as feature
// structure ids). The UIMA JSON CAS codec lives in package formats/casjson
// (ReadCAS, AppendCAS); the XMI codec in package xmi builds the same model.
// Both validate through this package (CheckRefs, StrictInt, ParseTypeDef).
//
// Offsets in a CAS are UTF-16 code units of the sofa string. Layers adapts a
// CAS to document.Layers: it converts UTF-16 offsets to byte offsets, maps
// them through a document.Mapping and converts back.
package cas
