package aero

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// TestLiveServer is the manual check against a real INCEpTION (see the
// package documentation). It runs only with SURROGATOR_AERO_URL,
// SURROGATOR_AERO_USER and SURROGATOR_AERO_PASSWORD set;
// SURROGATOR_AERO_PROJECT picks a project id (default: the first listed),
// SURROGATOR_AERO_INSECURE=1 allows plain http to another host. It logs
// counts, states and sizes only, never a name or a text.
func TestLiveServer(t *testing.T) {
	base, user, pw := os.Getenv("SURROGATOR_AERO_URL"), os.Getenv("SURROGATOR_AERO_USER"), os.Getenv("SURROGATOR_AERO_PASSWORD")
	if base == "" || user == "" || pw == "" {
		t.Skip("set SURROGATOR_AERO_URL, SURROGATOR_AERO_USER and SURROGATOR_AERO_PASSWORD to check a real INCEpTION")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	cfg := Config{BaseURL: base, Username: user, Password: pw, AllowInsecureHTTP: os.Getenv("SURROGATOR_AERO_INSECURE") == "1"}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()

	wrong := cfg
	wrong.Password = pw + "-wrong"
	if w, err := New(wrong); err == nil {
		if _, err := w.Projects(ctx); !errors.Is(err, ErrUnauthorized) {
			t.Errorf("a wrong password: %v, want ErrUnauthorized", err)
		}
	}

	projects, err := c.Projects(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d projects managed by the user", len(projects))
	if len(projects) == 0 {
		t.Skip("the user manages no project: give it the MANAGER role in one")
	}
	pid := projects[0].ID
	if v := os.Getenv("SURROGATOR_AERO_PROJECT"); v != "" {
		if pid, err = strconv.ParseInt(v, 10, 64); err != nil {
			t.Fatalf("SURROGATOR_AERO_PROJECT: %v", err)
		}
	}
	docs, err := c.Documents(ctx, pid)
	if err != nil {
		t.Fatal(err)
	}
	states := map[DocumentState]int{}
	var curated *Document
	for i, d := range docs {
		states[d.State]++
		if !d.State.Known() {
			t.Errorf("document %d: a state this client does not know", d.ID)
		}
		if curated == nil && d.State.Curated() {
			curated = &docs[i]
		}
	}
	t.Logf("project %d: %d documents, states %v", pid, len(docs), states)

	if curated != nil {
		start := time.Now()
		f, err := c.Curation(ctx, pid, curated.ID, FormatJSONCAS)
		if err != nil {
			t.Fatal(err)
		}
		d, err := casjson.Read(f.Data, cas.PHIConfig{})
		if err != nil {
			t.Fatalf("the curated CAS of document %d does not read: %v", curated.ID, err)
		}
		t.Logf("document %d: curated CAS JSON of %d bytes in %v, %d PII spans", curated.ID, len(f.Data), time.Since(start).Round(time.Millisecond), len(d.Spans))
		anns, err := c.Annotations(ctx, pid, curated.ID)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("document %d: %d annotators", curated.ID, len(anns))
	}

	zipPath := filepath.Join(t.TempDir(), "export.zip")
	out, err := os.OpenFile(zipPath, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	n, err := c.ExportProject(ctx, pid, FormatJSONCAS, out)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	proj, err := formats.Scan(context.Background(), formats.PathSources([]string{zipPath}), formats.Options{}, nil)
	if err != nil || len(proj) != 1 {
		t.Fatalf("the export does not read: %v", err)
	}
	t.Logf("export: %d bytes in %v, %d documents read, %d errors", n, time.Since(start).Round(time.Millisecond), len(proj[0].Documents), len(proj[0].Errors))
	if len(proj[0].Documents) != len(docs) {
		// Documents nobody annotated yet may be missing from what formats
		// reads; worth a look, not a failure.
		t.Logf("note: the export reads as %d documents, the listing has %d", len(proj[0].Documents), len(docs))
	}
}

// TestLiveServerOnFake runs the manual check against the fake serving the
// shared export, so that the check itself is known to work.
func TestLiveServerOnFake(t *testing.T) {
	f, _, _ := fakeFromExport(t)
	t.Setenv("SURROGATOR_AERO_URL", f.URL+"/")
	t.Setenv("SURROGATOR_AERO_USER", "remote")
	t.Setenv("SURROGATOR_AERO_PASSWORD", "pw-remote")
	t.Setenv("SURROGATOR_AERO_PROJECT", "")
	t.Setenv("SURROGATOR_AERO_INSECURE", "")
	TestLiveServer(t)
}
