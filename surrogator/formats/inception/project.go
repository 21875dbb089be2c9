package inception

import (
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/zipread"
)

// CurationUser is the user name INCEpTION gives the curated CAS.
const CurationUser = "CURATION_USER"

// InitialCAS is the name of the unannotated initial CAS.
const InitialCAS = "INITIAL_CAS"

// DecodeFunc decodes one CAS entry (.json or .xmi; typeSystem holds a
// TypeSystem.xml found beside it, or nil).
type DecodeFunc func(entry string, data, typeSystem []byte) (*document.Document, error)

// Options configure reading a project export.
type Options struct {
	// Annotator selects a user's annotations when there is no curation.
	Annotator string
	// Decode decodes CAS entries (required).
	Decode DecodeFunc
	Limits zipread.Limits
	// Emit, when set, receives each document as soon as it is decoded
	// (Project.Documents stays empty); returning false stops reading.
	Emit func(*document.Document) bool
	// Workers decodes entries on that many goroutines (Decode must then be
	// safe for concurrent use); documents are emitted in order all the same.
	Workers int
}

// DocError is a problem with one document of a project; the other
// documents are still read.
type DocError struct {
	Document string
	Entry    string
	Err      error
}

func (e *DocError) Error() string {
	if e.Entry != "" {
		return fmt.Sprintf("document %q (%s): %v", e.Document, e.Entry, e.Err)
	}
	return fmt.Sprintf("document %q: %v", e.Document, e.Err)
}

func (e *DocError) Unwrap() error { return e.Err }

// Project is what was read from one export.
type Project struct {
	// Title is the project's name from exportedproject.json.
	Title     string
	Documents []*document.Document
	Errors    []*DocError
}

type exported struct {
	Name            string `json:"name"`
	SourceDocuments []struct {
		Name  string `json:"name"`
		State string `json:"state"`
	} `json:"source_documents"`
	AnnotationDocuments []struct {
		Name  string `json:"name"`
		User  string `json:"user"`
		State string `json:"state"`
	} `json:"annotation_documents"`
}

// candidate CAS entries of one document
type casEntry struct {
	user  string
	entry string
}

// readExported parses an export's exportedproject.json (nil when there
// is none).
func readExported(a *zipread.Archive) (*exported, error) {
	if !a.Has("exportedproject.json") {
		return nil, nil
	}
	data, err := a.ReadFile("exportedproject.json")
	if err != nil {
		return nil, err
	}
	var ex exported
	if err := json.Unmarshal(data, &ex); err != nil {
		return nil, fmt.Errorf("inception: exportedproject.json: %w", err)
	}
	return &ex, nil
}

// Title returns the project title of an export's exportedproject.json
// ("" when there is none).
func Title(a *zipread.Archive) (string, error) {
	ex, err := readExported(a)
	if ex == nil {
		return "", err
	}
	return ex.Name, nil
}

// DocumentState returns the state exportedproject.json gives the source
// document name ("" when none; of a name listed twice the last, as Read
// keeps it).
func DocumentState(a *zipread.Archive, name string) (string, error) {
	ex, err := readExported(a)
	if ex == nil {
		return "", err
	}
	state := ""
	for _, d := range ex.SourceDocuments {
		if d.Name == name {
			state = d.State
		}
	}
	return state, nil
}

// Read reads every document of an INCEpTION export held in a.
func Read(a *zipread.Archive, opt Options) (*Project, error) {
	if opt.Decode == nil {
		return nil, fmt.Errorf("inception: no decoder")
	}
	p := &Project{}
	states := map[string]string{}
	var order []string
	ex, err := readExported(a)
	if err != nil {
		return nil, err
	}
	if ex != nil {
		p.Title = ex.Name
		for _, d := range ex.SourceDocuments {
			states[d.Name] = d.State
			order = append(order, d.Name)
		}
	}
	curation := map[string][]string{} // document → curated CAS entries (one expected)
	annot := map[string][]casEntry{}
	sources := map[string]bool{}
	for _, n := range a.Names() {
		parts := strings.Split(n, "/")
		switch {
		case len(parts) == 2 && parts[0] == "source":
			sources[parts[1]] = true
		case len(parts) == 3 && parts[0] == "curation" && isCASFile(parts[2]):
			if userOf(parts[2]) == CurationUser {
				curation[parts[1]] = append(curation[parts[1]], n)
			}
		case len(parts) == 3 && parts[0] == "annotation" && isCASFile(parts[2]):
			u := userOf(parts[2])
			if u == InitialCAS {
				continue
			}
			annot[parts[1]] = append(annot[parts[1]], casEntry{user: u, entry: n})
		}
	}
	// document list: exported order, then any other documents found
	seen := map[string]bool{}
	for _, d := range order {
		seen[d] = true
	}
	var extra []string
	for _, m := range []map[string]bool{sources, keysS(curation), keysE(annot)} {
		for d := range m {
			if !seen[d] {
				seen[d] = true
				extra = append(extra, d)
			}
		}
	}
	sort.Strings(extra)
	order = append(order, extra...)

	// Entries are inflated here, in order; with Workers > 1 they are
	// decoded on that many goroutines, and documents still come out in
	// order (at most twice Workers ahead).
	type decoded struct {
		name, entry, user string
		d                 *document.Document
		err               error
		done              chan struct{}
	}
	var queue []*decoded
	sem := make(chan struct{}, max(opt.Workers, 1))
	stopped := false
	finish := func(q *decoded) {
		<-q.done
		if stopped {
			return
		}
		if q.err != nil {
			p.Errors = append(p.Errors, &DocError{Document: q.name, Entry: q.entry, Err: q.err})
			return
		}
		d := q.d
		d.Name = q.name
		d.State = states[q.name]
		d.Annotator = q.user
		d.Source = q.entry
		if opt.Emit != nil {
			stopped = !opt.Emit(d)
			return
		}
		p.Documents = append(p.Documents, d)
	}
	decode := func(q *decoded, data, ts []byte) {
		defer close(q.done)
		d, err := opt.Decode(q.entry, data, ts)
		if err == nil {
			// every span placed, whatever the decoder: a document with a
			// span outside its text or inside a character is unreadable
			err = d.CheckPlacement()
		}
		q.d, q.err = d, err
	}
	for _, name := range order {
		if stopped {
			break
		}
		entry, user, err := pick(name, curation, annot, opt.Annotator)
		if err != nil {
			p.Errors = append(p.Errors, &DocError{Document: name, Err: err})
			continue
		}
		data, err := a.ReadFile(entry)
		if err != nil {
			p.Errors = append(p.Errors, &DocError{Document: name, Entry: entry, Err: err})
			continue
		}
		ts, err := TypeSystem(a, entry)
		if err != nil {
			for _, q := range queue { // let the decoders end
				<-q.done
			}
			return nil, err
		}
		q := &decoded{name: name, entry: entry, user: user, done: make(chan struct{})}
		if opt.Workers <= 1 {
			decode(q, data, ts)
			finish(q)
			continue
		}
		for len(queue) >= 2*opt.Workers {
			finish(queue[0])
			queue = queue[1:]
		}
		sem <- struct{}{}
		go func() {
			defer func() { <-sem }()
			decode(q, data, ts)
		}()
		queue = append(queue, q)
	}
	for _, q := range queue {
		finish(q)
	}
	return p, nil
}

// pick chooses the CAS of a document: the curation whenever there is one
// (--annotator only chooses among the annotators of a document that was
// not curated); two CAS files where one is expected (CURATION_USER.json and
// .xmi, or one annotator's twice) are an error, never "last one wins".
func pick(name string, curation map[string][]string, annot map[string][]casEntry, annotator string) (entry, user string, err error) {
	switch cur := curation[name]; len(cur) {
	case 0:
	case 1:
		return cur[0], CurationUser, nil
	default:
		return "", "", fmt.Errorf("%d curated CAS files for one document: the export is ambiguous", len(cur))
	}
	cands := annot[name]
	byUser := map[string]int{}
	for _, c := range cands {
		byUser[c.user]++
	}
	if annotator != "" {
		if annotator == CurationUser {
			return "", "", fmt.Errorf("not curated (no CAS of %s)", CurationUser)
		}
		switch byUser[annotator] {
		case 0:
			return "", "", fmt.Errorf("not curated and no annotations by the chosen annotator")
		case 1:
			for _, c := range cands {
				if c.user == annotator {
					return c.entry, c.user, nil
				}
			}
		}
		return "", "", fmt.Errorf("%d CAS files of the chosen annotator for one document: the export is ambiguous", byUser[annotator])
	}
	switch len(cands) {
	case 0:
		return "", "", fmt.Errorf("neither curated nor annotated (not released)")
	case 1:
		return cands[0].entry, cands[0].user, nil
	}
	users := make([]string, 0, len(byUser))
	for u := range byUser {
		users = append(users, u)
	}
	sort.Strings(users)
	if len(users) == 1 {
		return "", "", fmt.Errorf("%d CAS files of one annotator for one document: the export is ambiguous", len(cands))
	}
	return "", "", fmt.Errorf("not curated and annotated by several users (%s): choose one with --annotator", strings.Join(users, ", "))
}

// TypeSystem reads the type system of an export's CAS entry: for an XMI
// entry (or a zip holding one) the TypeSystem.xml beside it, else the
// export's top-level one; nil for a CAS JSON entry or when there is none.
func TypeSystem(a *zipread.Archive, entry string) ([]byte, error) {
	if !strings.HasSuffix(entry, ".xmi") && !strings.HasSuffix(entry, ".zip") {
		return nil, nil
	}
	for _, cand := range []string{path.Join(path.Dir(entry), "TypeSystem.xml"), "TypeSystem.xml"} {
		if a.Has(cand) {
			return a.ReadFile(cand)
		}
	}
	return nil, nil
}

func isCASFile(n string) bool {
	return strings.HasSuffix(n, ".json") || strings.HasSuffix(n, ".xmi") || strings.HasSuffix(n, ".zip")
}

func userOf(file string) string {
	return strings.TrimSuffix(file, path.Ext(file))
}

func keysS(m map[string][]string) map[string]bool {
	out := map[string]bool{}
	for k := range m {
		out[k] = true
	}
	return out
}

func keysE(m map[string][]casEntry) map[string]bool {
	out := map[string]bool{}
	for k := range m {
		out[k] = true
	}
	return out
}
