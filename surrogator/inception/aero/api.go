package aero

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Projects lists the projects the user manages (all projects for an
// administrator).
func (c *Client) Projects(ctx context.Context) ([]Project, error) {
	var out []Project
	err := c.getJSON(ctx, "list projects", c.endpoint(nil, "projects"), func(b []byte) (err error) {
		out, err = decodeProjects(b)
		return err
	})
	return out, err
}

// Documents lists the source documents of a project with their states.
func (c *Client) Documents(ctx context.Context, project int64) ([]Document, error) {
	if err := checkID("project", project); err != nil {
		return nil, err
	}
	var out []Document
	err := c.getJSON(ctx, "list documents", c.endpoint(nil, "projects", id(project), "documents"), func(b []byte) (err error) {
		out, err = decodeDocuments(b)
		return err
	})
	return out, err
}

// Annotations lists the annotators' annotation documents of a document
// with their states (curation is not among them; see Document.State).
func (c *Client) Annotations(ctx context.Context, project, document int64) ([]Annotation, error) {
	if err := checkIDs(project, document); err != nil {
		return nil, err
	}
	var out []Annotation
	u := c.endpoint(nil, "projects", id(project), "documents", id(document), "annotations")
	err := c.getJSON(ctx, "list annotations", u, func(b []byte) (err error) {
		out, err = decodeAnnotations(b)
		return err
	})
	return out, err
}

// Curation fetches a document's curated annotations (those of
// CurationUser) in format. INCEpTION answers 404 for an unknown document;
// for a document whose curation has not started it may answer with an
// error or with the initial CAS, so check Document.State.Curated first.
func (c *Client) Curation(ctx context.Context, project, document int64, format Format) (*File, error) {
	if err := checkIDs(project, document); err != nil {
		return nil, err
	}
	if err := checkFormat(format); err != nil {
		return nil, err
	}
	u := c.endpoint(url.Values{"format": {string(format)}}, "projects", id(project), "documents", id(document), "curation")
	return c.getFile(ctx, "fetch curation", u, format)
}

// Annotation fetches one user's annotations of a document in format.
// With user CurationUser it is the same as Curation on servers that store
// curation under that name.
func (c *Client) Annotation(ctx context.Context, project, document int64, user string, format Format) (*File, error) {
	if err := checkIDs(project, document); err != nil {
		return nil, err
	}
	if err := checkFormat(format); err != nil {
		return nil, err
	}
	if user == "" || user == "." || user == ".." || strings.ContainsAny(user, "/\\") {
		return nil, errors.New("aero: fetch annotation: not a user name")
	}
	if user == CurationUser {
		return c.Curation(ctx, project, document, format)
	}
	u := c.endpoint(url.Values{"format": {string(format)}}, "projects", id(project), "documents", id(document), "annotations", user)
	return c.getFile(ctx, "fetch annotation", u, format)
}

// ExportProject downloads the project export (a zip with the project's
// own data and, when format is not empty, a second copy of every
// annotation document in that format, e.g. curation/<doc>/CURATION_USER.json
// for FormatJSONCAS) and writes it to dst. It returns the bytes written.
// The server builds the zip before it answers, so this may take minutes
// (Config.ExportTimeout). The first bytes are checked to be a zip before
// anything is written; a retry happens only before the first write, so on
// error dst may hold a partial zip that the caller must discard.
func (c *Client) ExportProject(ctx context.Context, project int64, format Format, dst io.Writer) (int64, error) {
	if err := checkID("project", project); err != nil {
		return 0, err
	}
	var q url.Values
	if format != "" {
		if err := checkFormat(format); err != nil {
			return 0, err
		}
		q = url.Values{"format": {string(format)}}
	}
	var n int64
	err := c.do(ctx, call{
		op:      "export project",
		url:     c.endpoint(q, "projects", id(project), "export.zip"),
		accept:  "application/zip, application/json;q=0.5",
		timeout: c.cfg.ExportTimeout,
		handle: func(resp *http.Response) error {
			var err error
			n, err = copyZip(dst, resp, c.cfg.MaxExportBytes)
			return err
		},
	})
	return n, err
}

// copyZip streams a zip answer to dst within limit.
func copyZip(dst io.Writer, resp *http.Response, limit int64) (int64, error) {
	if resp.ContentLength > limit {
		return 0, tooLarge("export of %d bytes, limit %d", resp.ContentLength, limit)
	}
	var head [4]byte
	k, err := io.ReadFull(resp.Body, head[:])
	if err != nil {
		if k == 0 && errors.Is(err, io.EOF) {
			return 0, bad("an empty export")
		}
		return 0, &transient{bad("the export broke off after %d bytes: %w", k, err)}
	}
	if !isZip(head[:]) {
		return 0, bad("the export is not a zip")
	}
	w, err := dst.Write(head[:])
	n := int64(w)
	if err != nil {
		return n, fmt.Errorf("aero: writing the export: %w", err)
	}
	m, err := io.Copy(dst, io.LimitReader(&readErr{r: resp.Body}, limit+1-n))
	n += m
	var re *readFailure
	switch {
	case errors.As(err, &re):
		return n, bad("the export broke off after %d bytes: %w", n, re.err)
	case err != nil:
		return n, fmt.Errorf("aero: writing the export: %w", err)
	case n > limit:
		return n, tooLarge("export over the limit of %d bytes", limit)
	case resp.ContentLength >= 0 && n != resp.ContentLength:
		return n, bad("export of %d bytes, %d announced", n, resp.ContentLength)
	}
	return n, nil
}

// readErr tells read failures (the network) from write failures (dst) in
// io.Copy.
type readErr struct{ r io.Reader }

type readFailure struct{ err error }

func (e *readFailure) Error() string { return e.err.Error() }

func (r *readErr) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		return n, &readFailure{err}
	}
	return n, err
}

func isZip(b []byte) bool {
	return len(b) >= 4 && b[0] == 'P' && b[1] == 'K' &&
		((b[2] == 3 && b[3] == 4) || (b[2] == 5 && b[3] == 6))
}

// getJSON fetches a JSON answer and decodes it with dec.
func (c *Client) getJSON(ctx context.Context, op, u string, dec func([]byte) error) error {
	return c.do(ctx, call{
		op: op, url: u, accept: "application/json", timeout: c.cfg.Timeout,
		handle: func(resp *http.Response) error {
			b, err := readAll(resp, c.cfg.MaxJSONBytes, "answer")
			if err != nil {
				return err
			}
			return dec(b)
		},
	})
}

// getFile fetches one annotation document and checks it is in format.
func (c *Client) getFile(ctx context.Context, op, u string, format Format) (*File, error) {
	var f *File
	err := c.do(ctx, call{
		op: op, url: u, accept: "application/octet-stream, application/json;q=0.5", timeout: c.cfg.Timeout,
		handle: func(resp *http.Response) error {
			b, err := readAll(resp, c.cfg.MaxFileBytes, "document")
			if err != nil {
				return err
			}
			if err := checkContent(format, b); err != nil {
				return err
			}
			ct, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
			f = &File{Name: attachmentName(resp.Header.Get("Content-Disposition")), ContentType: ct, Data: b}
			return nil
		},
	})
	return f, err
}

// checkContent checks that a fetched document looks like format: CAS JSON
// is one JSON object with feature structures, XMI is XML or INCEpTION's zip of .xmi and type
// system, text is UTF-8. Other formats are taken as they come.
func checkContent(format Format, b []byte) error {
	switch format {
	case FormatJSONCAS:
		// UIMA CAS JSON is an object with %FEATURE_STRUCTURES (an error
		// envelope or other JSON is not).
		var top map[string]json.RawMessage
		if first(b) != '{' || decodeStrict(b, &top) != nil {
			return bad("the document is not CAS JSON")
		}
		if _, ok := top["%FEATURE_STRUCTURES"]; !ok {
			return bad("the document is JSON but not a CAS (no %%FEATURE_STRUCTURES)")
		}
	case FormatXMI:
		t := bytes.TrimLeft(bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")), " \t\r\n")
		if !isZip(b) && (len(t) == 0 || t[0] != '<') {
			return bad("the document is neither XMI nor a zip")
		}
	case FormatText:
		if !utf8.Valid(b) {
			return bad("the text is not UTF-8")
		}
	}
	return nil
}

// attachmentName is the safe base name of a Content-Disposition filename,
// or "".
func attachmentName(cd string) string {
	if cd == "" {
		return ""
	}
	_, params, err := mime.ParseMediaType(cd)
	if err != nil {
		return ""
	}
	name := path.Base(strings.ReplaceAll(params["filename"], "\\", "/"))
	if name == "." || name == ".." || name == "/" || !utf8.ValidString(name) || len(name) > 255 {
		return ""
	}
	for _, r := range name {
		if unicode.IsControl(r) {
			return ""
		}
	}
	return name
}

func id(n int64) string { return strconv.FormatInt(n, 10) }

func checkID(what string, n int64) error {
	if n <= 0 {
		return fmt.Errorf("aero: %s id %d: ids are positive", what, n)
	}
	return nil
}

func checkIDs(project, document int64) error {
	if err := checkID("project", project); err != nil {
		return err
	}
	return checkID("document", document)
}

func checkFormat(f Format) error {
	if f == "" || len(f) > 64 {
		return errors.New("aero: no format (e.g. jsoncas or xmi)")
	}
	for _, r := range f {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return errors.New("aero: a format id is letters, digits, '-', '_' and '.'")
		}
	}
	return nil
}
