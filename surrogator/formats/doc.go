// Package formats reads every input of SPEC §3 into projects of documents,
// by the format table (table.go, Formats): INCEpTION project exports
// (zip), UIMA CAS JSON, UIMA CAS XMI (with a TypeSystem.xml beside it),
// BRAT standoff (the annotations with the text of their stem) and JSON
// Lines. Directories are walked. A
// project is an input zip or directory (named by its base name without
// extension); a single file belongs to the project named after its parent
// directory.
//
// The format table (table.go; Formats, LookupFormat, IsCompanion) is the one
// place that chooses a reader by extension and names the files read beside
// a document: the walker, the readers of zips and held files and
// ReadDocument all ask it. A row carries its reader: a format read as one
// document per file (alone, with a fixed-name companion such as
// TypeSystem.xml, or with the companion of its stem such as a BRAT .txt)
// decodes through the row's decode function, so adding such a format is a
// row in table.go and its reader sub-package (docs/internals.md, "Adding
// a PII kind or an input format").
//
// One unreadable document never stops the others: per-document problems are
// collected in Project.Errors, naming the file and document (at most
// MaxErrors verbatim, the rest counted in one summarising error).
//
// Input hygiene: the walker never enters Options.SkipDirs (the run's
// --out), a folder holding OutMarker, run folders named
// public-YYYYMMDD-HHMMSS-xxxx / private-… (also .partial) or hidden
// folders; it opens regular files only (FIFOs, devices and sockets are
// reported, never opened) and follows a symbolic link only to a regular
// file inside the input folder. Every file, zip entry and JSON Lines line
// is read through a limit (Options.MaxDocBytes); zips are bounded in entry
// count and inflated size. A path that yields nothing is ErrNoDocuments.
//
// Identity: a document's name is its folder relative to the project root
// joined with the name its file gives it; documents of one project that
// still share a name are all refused (ErrDuplicateName), never one kept.
//
// Each format has its own sub-package (casjson, xmi, brat, jsonl,
// inception; zipread opens zips with limits); this package only dispatches
// and normalises.
package formats
