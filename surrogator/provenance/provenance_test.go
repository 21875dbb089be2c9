package provenance

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestFingerprint(t *testing.T) {
	seq := make([]byte, 32)
	for i := range seq {
		seq[i] = byte(i)
	}
	tests := []struct {
		name string
		key  []byte
		want string // computed with Python's hmac module
	}{
		{"bytes 0..31", seq, "7937dfb7ae1f404f"},
		{"ascii", []byte("0123456789abcdef"), "1e806206dccfc7fd"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Fingerprint(tc.key)
			if got != tc.want {
				t.Errorf("Fingerprint = %s, want %s", got, tc.want)
			}
			if strings.Contains(got, hex.EncodeToString(tc.key)[:8]) || strings.Contains(got, string(tc.key[:8])) {
				t.Errorf("fingerprint %s shows the key", got)
			}
		})
	}
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func sum(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }

func TestHashTreeExclusions(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"run.json":                    "{\"started\": 1}",
		"provenance.json":             "{}",
		"MANIFEST.sha256":             "x",
		".staging/.tmp-1":             "partial",
		".lock":                       "4711",
		"proj/.tmp-2":                 "partial",
		"proj/mapping.json":           "{\"a\":\"b\"}",
		"proj/cas/Brief Müller.json":  "cas",
		"proj/quality_control/r.md":   "# QC",
		"proj/sub/deeper/run.json":    "not the run report",
		"proj/quarantine/doc-1.txt":   "leak",
		"proj/quality_control/q.json": "[]",
	})
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "proj", "link")); err != nil {
		t.Fatal(err)
	}
	got, err := HashTree(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"proj/mapping.json":           sum("{\"a\":\"b\"}"),
		"proj/cas/Brief Müller.json":  sum("cas"),
		"proj/quality_control/r.md":   sum("# QC"),
		"proj/sub/deeper/run.json":    sum("not the run report"),
		"proj/quarantine/doc-1.txt":   sum("leak"),
		"proj/quality_control/q.json": sum("[]"),
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("HashTree =\n%v\nwant\n%v", got, want)
	}
}

func TestHashInputs(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"export.zip":                   "PK zip bytes",
		"batch/a.json":                 "A",
		"batch/sub/b.json":             "B",
		"batch/out/.surrogator-out":    "marker",
		"batch/out/public/doc-1.txt":   "output, never an input",
		"batch/other/.surrogator-outx": "not a marker",
	})
	ins, err := HashInputs([]string{filepath.Join(dir, "export.zip"), filepath.Join(dir, "batch")})
	if err != nil {
		t.Fatal(err)
	}
	if len(ins) != 2 {
		t.Fatalf("%d inputs", len(ins))
	}
	if z := ins[0]; z.Dir || z.SHA256 != sum("PK zip bytes") || z.Size != 12 || !filepath.IsAbs(z.Abs) {
		t.Errorf("zip input %+v", z)
	}
	var rels []string
	for _, f := range ins[1].Files {
		rels = append(rels, f.Path+"="+f.SHA256[:6])
	}
	want := []string{"a.json=" + sum("A")[:6], "other/.surrogator-outx=" + sum("not a marker")[:6], "sub/b.json=" + sum("B")[:6]}
	if !ins[1].Dir || !reflect.DeepEqual(rels, want) {
		t.Errorf("dir input files %v, want %v", rels, want)
	}
	// a linked input folder is walked like the folder itself
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(filepath.Join(dir, "batch"), link); err != nil {
		t.Fatal(err)
	}
	viaLink, err := HashInputs([]string{link})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(viaLink[0].Files, ins[1].Files) {
		t.Errorf("linked folder: %v, want %v", viaLink[0].Files, ins[1].Files)
	}
	if _, err := HashInputs([]string{filepath.Join(dir, "absent.zip")}); err == nil {
		t.Error("missing input: no error")
	}
}

func TestManifestSha256sum(t *testing.T) {
	if _, err := exec.LookPath("sha256sum"); err != nil {
		t.Skip("needs sha256sum")
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"projekt-ä/doc-0123456789ab.txt": "Herr X wurde am 01.02.2020 aufgenommen.\n",
		"projekt-ä/doc-ba9876543210.txt": "Befund unauffällig.\n",
		"zweites projekt/doc-aaaa.txt":   "ein Leerzeichen im Ordnernamen\n",
		".staging/.tmp-9":                "not public",
	})
	digests, err := WriteManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(digests) != 3 {
		t.Errorf("manifest digests %v", digests)
	}
	m, err := os.ReadFile(filepath.Join(dir, ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(m), "\n"), "\n")
	if len(lines) != 3 || !strings.HasSuffix(lines[0], "  projekt-ä/doc-0123456789ab.txt") {
		t.Errorf("manifest:\n%s", m)
	}
	check := func() (string, error) {
		c := exec.Command("sha256sum", "-c", "--strict", ManifestName)
		c.Dir = dir
		out, err := c.CombinedOutput()
		return string(out), err
	}
	if out, err := check(); err != nil || strings.Count(out, ": OK") != 3 {
		t.Fatalf("sha256sum -c: %v\n%s", err, out)
	}
	// a changed public file must fail the check
	writeFiles(t, dir, map[string]string{"projekt-ä/doc-ba9876543210.txt": "Befund auffällig.\n"})
	if out, err := check(); err == nil || !strings.Contains(out, "doc-ba9876543210.txt: FAILED") {
		t.Errorf("sha256sum -c after an edit: %v\n%s", err, out)
	}
}

func TestWriteRead(t *testing.T) {
	p := filepath.Join(t.TempDir(), FileName)
	r := &Record{Version: "v1.2.3", Build: ReadBuild(), Seed: 42, Run: "20260101-000000-abcd",
		Options: Options{Mode: "fictive", Scope: "document", DateShiftMin: 14, DateShiftMax: 365, Workers: 2},
		Key:     Key{Fingerprint: Fingerprint([]byte("0123456789abcdef")), File: "/k"},
		Inputs:  []Input{{Path: "a.zip", Abs: "/x/a.zip", SHA256: sum("a"), Size: 1}},
		Public:  map[string]string{"p/doc-1.txt": sum("1")}, Private: map[string]string{"p/mapping.json": sum("m")},
	}
	if err := Write(p, r); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(p)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("provenance.json mode %v, %v", st.Mode(), err)
	}
	got, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, r) {
		t.Errorf("round trip:\n%+v\n%+v", got, r)
	}
	if r.Build.GoVersion == "" || r.Build.OS == "" {
		t.Errorf("ReadBuild: %+v", r.Build)
	}
	if err := os.WriteFile(p, []byte(`{"format": 99}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(p); err == nil {
		t.Error("format 99 read without error")
	}
}

func TestCompare(t *testing.T) {
	base := func() *Record {
		return &Record{Version: "v1", Seed: 7, Key: Key{Fingerprint: "f1"},
			Options: Options{Mode: "fictive", Scope: "document", Workers: 4},
			Inputs:  []Input{{Path: "in", Dir: true, Files: []File{{Path: "a.json", SHA256: "a1"}, {Path: "b.json", SHA256: "b1"}}}},
			Public:  map[string]string{"proj/doc-aaa.txt": "1", "proj/doc-bbb.txt": "2"},
			Private: map[string]string{"proj/mapping.json": "m", "proj/cas/a.json": "c"},
		}
	}
	tests := []struct {
		name string
		edit func(r *Record)
		want []string // Area Path DocID
	}{
		{"identical", func(r *Record) {}, nil},
		{"workers and input paths do not matter", func(r *Record) {
			r.Options.Workers = 1
			r.Inputs[0].Path, r.Inputs[0].Abs = "/elsewhere", "/elsewhere"
		}, nil},
		{"one document changed", func(r *Record) {
			r.Public["proj/doc-bbb.txt"] = "2x"
			r.Private["proj/cas/a.json"] = "cx"
		}, []string{"private proj/cas/a.json ", "public proj/doc-bbb.txt doc-bbb"}},
		{"document missing and new", func(r *Record) {
			delete(r.Public, "proj/doc-aaa.txt")
			r.Public["proj/doc-ccc.txt"] = "3"
		}, []string{"public proj/doc-aaa.txt doc-aaa", "public proj/doc-ccc.txt doc-ccc"}},
		{"input edited", func(r *Record) { r.Inputs[0].Files[1].SHA256 = "b2" }, []string{"input #1/b.json "}},
		{"settings", func(r *Record) {
			r.Seed, r.Key.Fingerprint, r.Options.Mode, r.Version = 8, "f2", "x", "v2"
		}, []string{"key fingerprint ", "options  ", "options seed ", "version  "}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := base()
			tc.edit(got)
			var ds []string
			for _, d := range Compare(base(), got) {
				ds = append(ds, d.Area+" "+d.Path+" "+d.DocID)
				if d.String() == "" {
					t.Error("empty description")
				}
			}
			if !reflect.DeepEqual(ds, tc.want) {
				t.Errorf("Compare = %q, want %q", ds, tc.want)
			}
		})
	}
}

// TestHashFileErrorNamesNoFile: a file name may be a patient's name; the
// error of a file that cannot be digested does not repeat it.
func TestHashFileErrorNamesNoFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "Beate Albers.txt")
	_, err := HashFile(p)
	if err == nil || strings.Contains(err.Error(), "Albers") || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("error %v", err)
	}
}

// TestKnownOutputDigests: a digest taken while a file was written is used
// only while the file has its size; every other file is read.
func TestKnownOutputDigests(t *testing.T) {
	pub, priv := t.TempDir(), t.TempDir()
	write := func(root, rel, data string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sum := func(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }
	write(pub, "p/a.txt", "alpha")
	write(pub, "p/b.txt", "beta")
	write(priv, "p/cas/a.json", "{}")
	write(priv, "p/mapping.csv", "x")
	const marker = "0000000000000000000000000000000000000000000000000000000000000001"
	known := func(rel string, size int64) File { return File{Path: rel, SHA256: marker, Size: size} }
	tests := []struct {
		name      string
		pub, priv Digested
		want      map[string]string // rel → digest expected (public and private keyed "pub:"/"priv:")
	}{
		{"none known", nil, nil, map[string]string{
			"pub:p/a.txt": sum("alpha"), "pub:p/b.txt": sum("beta"), "priv:p/cas/a.json": sum("{}"), "priv:p/mapping.csv": sum("x")}},
		{"known with its size is taken", Digested{"p/a.txt": known("p/a.txt", 5)}, Digested{"p/cas/a.json": known("p/cas/a.json", 2)}, map[string]string{
			"pub:p/a.txt": marker, "pub:p/b.txt": sum("beta"), "priv:p/cas/a.json": marker, "priv:p/mapping.csv": sum("x")}},
		{"a size that differs is read", Digested{"p/a.txt": known("p/a.txt", 6)}, Digested{"p/cas/a.json": known("p/cas/a.json", 3)}, map[string]string{
			"pub:p/a.txt": sum("alpha"), "pub:p/b.txt": sum("beta"), "priv:p/cas/a.json": sum("{}"), "priv:p/mapping.csv": sum("x")}},
		{"an empty digest is read", Digested{"p/b.txt": {Path: "p/b.txt", Size: 4}}, nil, map[string]string{
			"pub:p/a.txt": sum("alpha"), "pub:p/b.txt": sum("beta"), "priv:p/cas/a.json": sum("{}"), "priv:p/mapping.csv": sum("x")}},
		{"known files that do not exist add nothing", Digested{"p/gone.txt": known("p/gone.txt", 1)}, Digested{"p/gone.json": known("p/gone.json", 1)}, map[string]string{
			"pub:p/a.txt": sum("alpha"), "pub:p/b.txt": sum("beta"), "priv:p/cas/a.json": sum("{}"), "priv:p/mapping.csv": sum("x")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r Record
			if err := r.hashOutputs(context.Background(), pub, priv, tt.pub, tt.priv); err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for k, v := range r.Public {
				got["pub:"+k] = v
			}
			for k, v := range r.Private {
				got["priv:"+k] = v
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
			m, err := os.ReadFile(filepath.Join(pub, ManifestName))
			if err != nil {
				t.Fatal(err)
			}
			if want := tt.want["pub:p/a.txt"] + "  p/a.txt\n"; !strings.Contains(string(m), want) {
				t.Errorf("manifest %q lacks %q", m, want)
			}
		})
	}
}
