package aero

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// marker stands for a name in an answer: no error may repeat it.
const marker = "ZQXJ-Mustermann"

func TestDecodeProjects(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     string // fmt of the result, or "" for ErrBadResponse
	}{
		{"current server", `{"messages":[],"body":[{"id":3,"name":"p","slug":"p","title":"P ` + marker + `","roles":["MANAGER"]}]}`, `[{3 p P ` + marker + ` [MANAGER]}]`},
		{"older server: name is the slug", `{"messages":[],"body":[{"id":3,"name":"p"}]}`, `[{3 p  []}]`},
		{"slug wins over name", `{"body":[{"id":3,"name":"old","slug":"new"}]}`, `[{3 new  []}]`},
		{"title only", `{"body":[{"id":3,"title":"T"}]}`, `[{3  T []}]`},
		{"empty list", `{"messages":[],"body":[]}`, `[]`},
		{"unknown fields are tolerated", `{"messages":[],"body":[{"id":3,"name":"p","x":{"y":[1]}}],"extra":1}`, `[{3 p  []}]`},
		{"neither slug nor title", `{"body":[{"id":3}]}`, ""},
		{"negative id", `{"body":[{"id":-3,"name":"p"}]}`, ""},
		{"id too large", `{"body":[{"id":99999999999999999999,"name":"p"}]}`, ""},
		{"roles not strings", `{"body":[{"id":3,"name":"p","roles":[1]}]}`, ""},
		{"name a number", `{"body":[{"id":3,"name":5}]}`, ""},
		{"duplicate id", `{"body":[{"id":3,"name":"a"},{"id":3,"name":"b"}]}`, ""},
		{"a string", `"` + marker + `"`, ""},
		{"broken", `{"body":[{"id":3,"name":"` + marker, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := decodeProjects([]byte(tc.in))
			if tc.want == "" {
				if !errors.Is(err, ErrBadResponse) {
					t.Fatalf("err %v, want a bad response", err)
				}
				if strings.Contains(err.Error(), marker) {
					t.Errorf("error repeats the answer: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestDecodeAnnotations(t *testing.T) {
	in := `{"messages":[],"body":[{"user":"a","state":"COMPLETE","timestamp":"2026-01-02T03:04:05+0100"},{"user":"b","state":"NEW"}]}`
	got, err := decodeAnnotations([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !got[0].Time.Equal(time.Date(2026, 1, 2, 2, 4, 5, 0, time.UTC)) || !got[1].Time.IsZero() || got[1].State != AnnotationNew {
		t.Errorf("%+v", got)
	}
	for _, bad := range []string{
		`{"body":[{"state":"NEW"}]}`,
		`{"body":[{"user":"","state":"NEW"}]}`,
		`{"body":[{"user":"a"}]}`,
		`{"body":[{"user":"a","state":"NEW"},{"user":"a","state":"NEW"}]}`,
		`{"body":[{"user":"a","state":"NEW","timestamp":5}]}`,
	} {
		if _, err := decodeAnnotations([]byte(bad)); !errors.Is(err, ErrBadResponse) {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

func TestDecodeMessages(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{`{"messages":[{"level":"ERROR","message":"Project [5] not found."}]}`, 1},
		{`{"messages":[]}`, 0},
		{`{"timestamp":"2026-01-01T00:00:00.000+00:00","status":401,"error":"Unauthorized","path":"/api/aero/v1/projects"}`, 0},
		{`<html>Forbidden</html>`, 0},
		{`{"messages":"x"}`, 0},
		{``, 0},
	} {
		if got := decodeMessages([]byte(tc.in)); len(got) != tc.want {
			t.Errorf("%s: %+v", tc.in, got)
		}
	}
}

// FuzzDecode: the answer decoders never panic; whatever they accept holds
// the invariants the client promises (positive unique ids, names present)
// and survives a round trip through the wire shape; whatever they refuse
// is ErrBadResponse and does not repeat the answer.
//
//	go test -fuzz=FuzzDecode -fuzztime=60s ./surrogator/inception/aero/
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"messages":[],"body":[{"id":1,"name":"p","slug":"p","title":"T","roles":["MANAGER"]}]}`,
		`{"messages":[],"body":[{"id":1,"name":"` + marker + `.txt","state":"CURATION-COMPLETE"},{"id":2,"name":"b","state":"NEW"}]}`,
		`{"messages":[],"body":[{"user":"` + marker + `","state":"COMPLETE","timestamp":"2026-01-02T03:04:05+0100"}]}`,
		`{"messages":[{"level":"ERROR","message":"Document [1] in project [2] not found."}]}`,
		`{"body":[{"id":1e3,"name":"\ud800","state":"x"}]}`,
		`{"body":null}`, `[]`, `{}`, `{"body":[null]}`, `{"body":[{}]} x`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		check := func(what string, err error) {
			if err == nil {
				return
			}
			if !errors.Is(err, ErrBadResponse) {
				t.Fatalf("%s: %v is not a bad response", what, err)
			}
			if strings.Contains(string(data), marker) && strings.Contains(err.Error(), marker) {
				t.Fatalf("%s: error repeats the answer: %v", what, err)
			}
		}
		ps, err := decodeProjects(data)
		check("projects", err)
		if err == nil {
			seen := map[int64]bool{}
			wire := []map[string]any{}
			for _, p := range ps {
				if p.ID <= 0 || seen[p.ID] || p.Slug == "" && p.Title == "" || p.Roles == nil {
					t.Fatalf("project %+v breaks an invariant", p)
				}
				seen[p.ID] = true
				wire = append(wire, map[string]any{"id": p.ID, "slug": p.Slug, "title": p.Title, "roles": p.Roles})
			}
			again, err := decodeProjects(envelopeOf(t, wire))
			if err != nil || fmt.Sprint(again) != fmt.Sprint(ps) {
				t.Fatalf("round trip: %v\n%v\n%v", err, ps, again)
			}
		}
		ds, err := decodeDocuments(data)
		check("documents", err)
		if err == nil {
			seen := map[int64]bool{}
			wire := []map[string]any{}
			for _, d := range ds {
				if d.ID <= 0 || seen[d.ID] || d.Name == "" || d.State == "" {
					t.Fatalf("document %+v breaks an invariant", d)
				}
				seen[d.ID] = true
				wire = append(wire, map[string]any{"id": d.ID, "name": d.Name, "state": d.State})
			}
			again, err := decodeDocuments(envelopeOf(t, wire))
			if err != nil || fmt.Sprint(again) != fmt.Sprint(ds) {
				t.Fatalf("round trip: %v\n%v\n%v", err, ds, again)
			}
		}
		as, err := decodeAnnotations(data)
		check("annotations", err)
		if err == nil {
			seen := map[string]bool{}
			for _, a := range as {
				if a.User == "" || seen[a.User] || a.State == "" {
					t.Fatalf("annotation %+v breaks an invariant", a)
				}
				seen[a.User] = true
			}
		}
		_ = decodeMessages(data)
	})
}

func envelopeOf(t *testing.T, body any) []byte {
	b, err := json.Marshal(map[string]any{"messages": []any{}, "body": body})
	if err != nil {
		t.Fatal(err)
	}
	return b
}
