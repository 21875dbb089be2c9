package aero

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"time"
)

// The wire shapes of the remote API (INCEpTION's RResponse, RProject,
// RDocument, RAnnotation). Pointers tell a missing field from a zero one.
type (
	wireEnvelope struct {
		Messages []wireMessage   `json:"messages"`
		Body     json.RawMessage `json:"body"`
	}
	wireMessage struct {
		Level   string `json:"level"`
		Message string `json:"message"`
	}
	wireProject struct {
		ID    *int64   `json:"id"`
		Name  *string  `json:"name"`
		Slug  *string  `json:"slug"`
		Title *string  `json:"title"`
		Roles []string `json:"roles"`
	}
	wireDocument struct {
		ID    *int64  `json:"id"`
		Name  *string `json:"name"`
		State *string `json:"state"`
	}
	wireAnnotation struct {
		User      *string `json:"user"`
		State     *string `json:"state"`
		Timestamp *string `json:"timestamp"`
	}
)

// timestampLayout is RAnnotation's yyyy-MM-dd'T'HH:mm:ssZ.
const timestampLayout = "2006-01-02T15:04:05-0700"

// decodeStrict decodes exactly one JSON value of data into v.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		return jsonErr(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return bad("data after the JSON value")
	}
	return nil
}

// jsonErr names a JSON failure by kind and offset, not by the text around
// it (that may be a name).
func jsonErr(err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return bad("malformed JSON at byte %d", se.Offset)
	case errors.As(err, &te):
		return bad("a JSON value of the wrong type (field %q, %s expected)", te.Field, kindName(te.Type.Kind()))
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return bad("JSON ends early")
	}
	return bad("not JSON")
}

// decodeBody decodes the envelope and returns its body, which must be
// present.
func decodeBody(data []byte) (json.RawMessage, error) {
	if first(data) != '{' {
		return nil, bad("the answer is not a JSON object")
	}
	var env wireEnvelope
	if err := decodeStrict(data, &env); err != nil {
		return nil, err
	}
	if len(env.Body) == 0 || string(env.Body) == "null" {
		return nil, bad("the envelope has no body")
	}
	return env.Body, nil
}

// first is the first byte of data that is not JSON white space.
func first(data []byte) byte {
	t := bytes.TrimLeft(data, " \t\r\n")
	if len(t) == 0 {
		return 0
	}
	return t[0]
}

// decodeList decodes the envelope's body as a JSON array into v.
func decodeList(data []byte, v any) error {
	body, err := decodeBody(data)
	if err != nil {
		return err
	}
	if first(body) != '[' {
		return bad("the body is not a list")
	}
	return decodeStrict(body, v)
}

// decodeProjects decodes the answer to GET /projects.
func decodeProjects(data []byte) ([]Project, error) {
	var wire []wireProject
	if err := decodeList(data, &wire); err != nil {
		return nil, err
	}
	out := make([]Project, 0, len(wire))
	seen := make(map[int64]bool, len(wire))
	for i, w := range wire {
		switch {
		case w.ID == nil:
			return nil, bad("project %d has no id", i)
		case *w.ID <= 0:
			return nil, bad("project %d has id %d", i, *w.ID)
		case seen[*w.ID]:
			return nil, bad("project id %d listed twice", *w.ID)
		}
		seen[*w.ID] = true
		p := Project{ID: *w.ID, Roles: w.Roles}
		switch {
		case w.Slug != nil && *w.Slug != "":
			p.Slug = *w.Slug
		case w.Name != nil:
			p.Slug = *w.Name
		}
		if w.Title != nil {
			p.Title = *w.Title
		}
		if p.Slug == "" && p.Title == "" {
			return nil, bad("project %d has neither slug nor title", *w.ID)
		}
		if p.Roles == nil {
			p.Roles = []string{}
		}
		out = append(out, p)
	}
	return out, nil
}

// decodeDocuments decodes the answer to GET /projects/{id}/documents.
func decodeDocuments(data []byte) ([]Document, error) {
	var wire []wireDocument
	if err := decodeList(data, &wire); err != nil {
		return nil, err
	}
	out := make([]Document, 0, len(wire))
	seen := make(map[int64]bool, len(wire))
	for i, w := range wire {
		switch {
		case w.ID == nil:
			return nil, bad("document %d has no id", i)
		case *w.ID <= 0:
			return nil, bad("document %d has id %d", i, *w.ID)
		case seen[*w.ID]:
			return nil, bad("document id %d listed twice", *w.ID)
		case w.Name == nil || *w.Name == "":
			return nil, bad("document %d has no name", *w.ID)
		case w.State == nil || *w.State == "":
			return nil, bad("document %d has no state", *w.ID)
		}
		seen[*w.ID] = true
		out = append(out, Document{ID: *w.ID, Name: *w.Name, State: DocumentState(*w.State)})
	}
	return out, nil
}

// decodeAnnotations decodes the answer to GET
// /projects/{id}/documents/{id}/annotations.
func decodeAnnotations(data []byte) ([]Annotation, error) {
	var wire []wireAnnotation
	if err := decodeList(data, &wire); err != nil {
		return nil, err
	}
	out := make([]Annotation, 0, len(wire))
	seen := make(map[string]bool, len(wire))
	for i, w := range wire {
		switch {
		case w.User == nil || *w.User == "":
			return nil, bad("annotation %d has no user", i)
		case seen[*w.User]:
			return nil, bad("annotation %d: the same user listed twice", i)
		case w.State == nil || *w.State == "":
			return nil, bad("annotation %d has no state", i)
		}
		seen[*w.User] = true
		a := Annotation{User: *w.User, State: AnnotationState(*w.State)}
		if w.Timestamp != nil {
			if t, err := time.Parse(timestampLayout, *w.Timestamp); err == nil {
				a.Time = t
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// decodeMessages reads the messages of an error answer; anything that is
// not an envelope gives none (Spring's own 401/403 answers are not).
func decodeMessages(data []byte) []Message {
	if first(data) != '{' {
		return nil
	}
	var env struct {
		Messages []wireMessage `json:"messages"`
	}
	if decodeStrict(data, &env) != nil {
		return nil
	}
	var out []Message
	for _, m := range env.Messages {
		out = append(out, Message{Level: m.Level, Message: m.Message})
	}
	return out
}

// kindName names what a Go kind expects in JSON.
func kindName(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return "a string"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "a boolean"
	case reflect.Slice, reflect.Array:
		return "a list"
	}
	return "an object"
}
