// Package casjson reads and writes documents as UIMA CAS JSON (the format
// INCEpTION exports as "UIMA CAS JSON 0.4.0"). Every feature structure is
// kept; offsets are converted between the CAS's UTF-16 code units and the
// engine's byte offsets.
package casjson
