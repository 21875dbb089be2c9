// Package formats reads every input of SPEC §3 into projects of documents:
// INCEpTION project exports (.zip), UIMA CAS JSON (.json), UIMA CAS XMI
// (.xmi with a TypeSystem.xml beside it), BRAT standoff (.txt + .ann) and
// JSON Lines (.jsonl). Directories are walked. A project is an input zip or
// directory (named by its base name without extension); a single file
// belongs to the project named after its parent directory.
//
// One unreadable document never stops the others: per-document problems are
// collected in Project.Errors, naming the file and document.
//
// Each format has its own sub-package (casjson, xmi, brat, jsonl,
// inception); this package only dispatches and normalises.
package formats
