package formats

import (
	"bytes"
	"context"
)

// Read reads every path into projects like Scan with a nil visitor (for
// the tests).
func Read(paths []string, opt Options) ([]*Project, error) {
	return Scan(context.Background(), PathSources(paths), opt, nil)
}

// ReadContext is Read that stops when ctx is done: files not yet read are
// not opened, and the error wraps ctx.Err() (for the tests).
func ReadContext(ctx context.Context, paths []string, opt Options) ([]*Project, error) {
	return Scan(ctx, PathSources(paths), opt, nil)
}

// ReadZip reads an INCEpTION export (or a zip of loose files) from memory
// (for the tests; a caller scans it as a Source with Data). An empty zip
// gives a project with an ErrNoDocuments error.
func ReadZip(name string, data []byte, opt Options) *Project {
	r := newReader(opt)
	proj := &Project{Name: ProjectName(name), Path: name}
	r.readZip(proj, name, bytes.NewReader(data), int64(len(data)))
	if proj.empty() {
		proj.addErr(&DocError{File: name, Err: ErrNoDocuments})
	}
	proj.finish()
	return proj
}

// readerOf is the reader of a loose file, 0 for a file that is not read
// as a document (an unknown extension, an export folder's project
// description).
func readerOf(name string) Reader {
	if f := docFormat(name); f != nil {
		return f.Reader
	}
	return 0
}
