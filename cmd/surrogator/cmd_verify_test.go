package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/engine"
	"github.com/surrogator/surrogator/surrogator/provenance"
)

// runVerify: exit 0 and "identical" for an unchanged run; an error (exit
// 1) and the differing document's public id after an input edit. Output
// names public documents by id only.
func TestRunVerify(t *testing.T) {
	letters := filepath.Join(t.TempDir(), "briefe")
	if err := os.Mkdir(letters, 0o755); err != nil {
		t.Fatal(err)
	}
	files := testutil.GrasccoCAS(t)[:2]
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(letters, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opts := engine.Options{Mode: engine.ModeFictive, Seed: 3, SeedSet: true, Out: filepath.Join(t.TempDir(), "out"), Version: version}
	res, err := engine.Run(context.Background(), []string{letters}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(res.PrivateRoot, provenance.FileName)); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := runVerify(context.Background(), res.PrivateRoot, nil, verifyFlags{}, &out); err != nil || exitCode(err) != exitOK {
		t.Fatalf("unchanged: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "identical:") {
		t.Errorf("unchanged: %s", out.String())
	}

	edited := bytes.Replace(files[0].Data, []byte(" der "), []byte(" die "), 1)
	if err := os.WriteFile(filepath.Join(letters, files[0].Name), edited, 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	err = runVerify(context.Background(), res.PrivateRoot, nil, verifyFlags{workers: 2}, &out)
	if err == nil || exitCode(err) != exitError {
		t.Fatalf("edited: err %v (exit %d)\n%s", err, exitCode(err), out.String())
	}
	var public []string
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "public ") {
			public = append(public, l)
		}
	}
	if len(public) != 1 || !strings.Contains(public[0], "/doc-") {
		t.Errorf("public differences %q in\n%s", public, out.String())
	}
	stem := strings.SplitN(files[0].Name, ".", 2)[0]
	if strings.Contains(strings.Join(public, "\n"), stem) {
		t.Errorf("public difference names the input file: %q", public)
	}
}
