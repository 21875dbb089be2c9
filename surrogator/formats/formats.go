package formats

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/inception"
)

// Options configure reading.
type Options struct {
	// PHI selects the PHI layer (type and label feature).
	PHI cas.PHIConfig
	// Annotator chooses whose annotations to read when a project has no
	// curation.
	Annotator string
	// TypeSystem is a TypeSystem.xml used for XMI files without one beside
	// them.
	TypeSystem string
	// Limits bound zip inflation.
	Limits inception.Limits
}

// Project is one input project.
type Project struct {
	// Name is the project's base name (zip or directory name without
	// extension).
	Name string
	// Path is the input path.
	Path string
	// Title is the INCEpTION project title where known.
	Title     string
	Documents []*document.Document
	Errors    []*DocError
}

// DocError is a problem with one document (or file) of a project.
type DocError struct {
	// File is the input file; Document the document name inside it (may
	// be empty).
	File, Document string
	Err            error
}

func (e *DocError) Error() string {
	if e.Document != "" {
		return fmt.Sprintf("%s: document %q: %v", e.File, e.Document, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.File, e.Err)
}

func (e *DocError) Unwrap() error { return e.Err }

// Read reads every path into projects, in the order given. It fails only
// when a path does not exist; everything else is a per-document error.
func Read(paths []string, opt Options) ([]*Project, error) {
	var out []*Project
	loose := map[string]*Project{} // single files grouped by parent dir
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("formats: %w", err)
		}
		switch {
		case fi.IsDir():
			projs, err := readDir(p, opt)
			if err != nil {
				return nil, err
			}
			out = append(out, projs...)
		case strings.EqualFold(filepath.Ext(p), ".zip"):
			out = append(out, readZipFile(p, opt))
		default:
			parent := filepath.Base(filepath.Dir(mustAbs(p)))
			proj := loose[parent]
			if proj == nil {
				proj = &Project{Name: parent, Path: filepath.Dir(p)}
				loose[parent] = proj
				out = append(out, proj)
			}
			readFile(proj, p, opt)
		}
	}
	for _, p := range out {
		for _, d := range p.Documents {
			d.Project = p.Name
			d.Normalize()
		}
	}
	return out, nil
}

func mustAbs(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// ProjectName is the base name of a path without extension.
func ProjectName(p string) string {
	b := filepath.Base(mustAbs(p))
	return strings.TrimSuffix(b, filepath.Ext(b))
}

// readDir walks a directory: zips below it are projects of their own; the
// other files form the directory's project.
func readDir(dir string, opt Options) ([]*Project, error) {
	proj := &Project{Name: ProjectName(dir), Path: dir}
	var zips, files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			proj.Errors = append(proj.Errors, &DocError{File: p, Err: err})
			return nil
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && p != dir {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.EqualFold(filepath.Ext(p), ".zip") {
			zips = append(zips, p)
		} else {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("formats: walk: %w", err)
	}
	sort.Strings(files)
	sort.Strings(zips)
	var out []*Project
	for _, f := range files {
		readFile(proj, f, opt)
	}
	if len(proj.Documents) > 0 || len(proj.Errors) > 0 {
		out = append(out, proj)
	}
	for _, z := range zips {
		out = append(out, readZipFile(z, opt))
	}
	return out, nil
}

func readZipFile(p string, opt Options) *Project {
	proj := &Project{Name: ProjectName(p), Path: p}
	f, err := os.Open(p)
	if err != nil {
		proj.Errors = append(proj.Errors, &DocError{File: p, Err: err})
		return proj
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		proj.Errors = append(proj.Errors, &DocError{File: p, Err: err})
		return proj
	}
	readZip(proj, p, f, fi.Size(), opt)
	return proj
}

// ReadZip reads an INCEpTION export (or a zip of loose files) from memory,
// e.g. an upload.
func ReadZip(name string, data []byte, opt Options) *Project {
	proj := &Project{Name: ProjectName(name), Path: name}
	readZip(proj, name, bytes.NewReader(data), int64(len(data)), opt)
	for _, d := range proj.Documents {
		d.Project = proj.Name
		d.Normalize()
	}
	return proj
}

func readZip(proj *Project, file string, r io.ReaderAt, size int64, opt Options) {
	a, err := inception.OpenArchive(r, size, opt.Limits)
	if err != nil {
		proj.Errors = append(proj.Errors, &DocError{File: file, Err: err})
		return
	}
	for _, n := range a.Refused {
		proj.Errors = append(proj.Errors, &DocError{File: file, Document: n, Err: fmt.Errorf("unsafe entry name refused")})
	}
	isExport := a.Has("exportedproject.json")
	if !isExport {
		for _, n := range a.Names() {
			if strings.HasPrefix(n, "curation/") || strings.HasPrefix(n, "annotation/") {
				isExport = true
				break
			}
		}
	}
	if isExport {
		p, err := inception.Read(a, inception.Options{Annotator: opt.Annotator, Limits: opt.Limits,
			Decode: func(entry string, data, ts []byte) (*document.Document, error) {
				return decodeCAS(entry, data, ts, opt)
			}})
		if err != nil {
			proj.Errors = append(proj.Errors, &DocError{File: file, Err: err})
			return
		}
		proj.Title = p.Title
		proj.Documents = append(proj.Documents, p.Documents...)
		for _, e := range p.Errors {
			proj.Errors = append(proj.Errors, &DocError{File: file + ":" + e.Entry, Document: e.Document, Err: e.Err})
		}
		return
	}
	// A plain zip of loose files: read each entry by its extension.
	files := map[string][]byte{}
	var names []string
	for _, n := range a.Names() {
		data, err := a.ReadFile(n)
		if err != nil {
			proj.Errors = append(proj.Errors, &DocError{File: file + ":" + n, Err: err})
			continue
		}
		files[n] = data
		names = append(names, n)
	}
	readLoose(proj, file+":", names, func(n string) ([]byte, error) {
		d, ok := files[n]
		if !ok {
			return nil, os.ErrNotExist
		}
		return d, nil
	}, opt)
}

// decodeCAS decodes a CAS entry of an export by its extension.
func decodeCAS(entry string, data, ts []byte, opt Options) (*document.Document, error) {
	switch strings.ToLower(filepath.Ext(entry)) {
	case ".json":
		return casjson.Read(data, opt.PHI)
	case ".xmi":
		return decodeXMI(data, ts, opt)
	case ".zip":
		// INCEpTION's XMI export wraps each CAS in a zip with its type system.
		a, err := inception.OpenArchive(bytes.NewReader(data), int64(len(data)), opt.Limits)
		if err != nil {
			return nil, err
		}
		var xmiName string
		for _, n := range a.Names() {
			switch {
			case strings.HasSuffix(n, ".xmi"):
				xmiName = n
			case strings.HasSuffix(n, "TypeSystem.xml") || strings.HasSuffix(n, "typesystem.xml"):
				if ts, err = a.ReadFile(n); err != nil {
					return nil, err
				}
			}
		}
		if xmiName == "" {
			return nil, fmt.Errorf("nested zip without .xmi")
		}
		x, err := a.ReadFile(xmiName)
		if err != nil {
			return nil, err
		}
		return decodeXMI(x, ts, opt)
	}
	return nil, fmt.Errorf("unsupported CAS entry")
}

// readFile reads one loose file into proj.
func readFile(proj *Project, p string, opt Options) {
	dir := filepath.Dir(p)
	readLoose(proj, "", []string{p}, func(n string) ([]byte, error) {
		if !filepath.IsAbs(n) && filepath.Dir(n) == "." {
			n = filepath.Join(dir, n)
		}
		return os.ReadFile(n)
	}, opt)
}

// readLoose reads loose files (names as given), dispatching on the
// extension; get reads a file by name (also siblings such as the .ann of a
// .txt or a TypeSystem.xml).
func readLoose(proj *Project, prefix string, names []string, get func(string) ([]byte, error), opt Options) {
	for _, n := range names {
		ext := strings.ToLower(filepath.Ext(n))
		base := filepath.Base(n)
		add := func(d *document.Document, err error) {
			if err != nil {
				proj.Errors = append(proj.Errors, &DocError{File: prefix + n, Err: err})
				return
			}
			if d.Name == "" {
				d.Name = base
			}
			d.Source = prefix + n
			proj.Documents = append(proj.Documents, d)
		}
		switch ext {
		case ".json":
			if base == "exportedproject.json" || strings.HasSuffix(base, ".layer.json") || base == "layer_PHI_v1.1.json" {
				continue
			}
			data, err := get(n)
			if err != nil {
				add(nil, err)
				continue
			}
			d, err := casjson.Read(data, opt.PHI)
			if d != nil && d.Name == "" {
				d.Name = strings.TrimSuffix(base, ".json")
			}
			add(d, err)
		case ".xmi":
			data, err := get(n)
			if err != nil {
				add(nil, err)
				continue
			}
			ts, _ := get(filepath.Join(filepath.Dir(n), "TypeSystem.xml"))
			if ts == nil && opt.TypeSystem != "" {
				ts, _ = os.ReadFile(opt.TypeSystem)
			}
			d, err := decodeXMI(data, ts, opt)
			if d != nil && d.Name == "" {
				d.Name = strings.TrimSuffix(base, ".xmi")
			}
			add(d, err)
		case ".ann":
			txtName := strings.TrimSuffix(n, filepath.Ext(n)) + ".txt"
			ann, err := get(n)
			if err != nil {
				add(nil, err)
				continue
			}
			txt, err := get(txtName)
			if err != nil {
				add(nil, fmt.Errorf("BRAT annotation without its .txt"))
				continue
			}
			d, err := decodeBRAT(txt, ann)
			if d != nil {
				d.Name = strings.TrimSuffix(base, ".ann") + ".txt"
			}
			add(d, err)
		case ".jsonl", ".ndjson":
			data, err := get(n)
			if err != nil {
				add(nil, err)
				continue
			}
			docs, errs := decodeJSONL(data)
			for _, d := range docs {
				add(d, nil)
			}
			for _, e := range errs {
				proj.Errors = append(proj.Errors, &DocError{File: prefix + n, Err: e})
			}
		}
	}
}
