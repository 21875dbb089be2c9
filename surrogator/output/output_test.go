package output

import (
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

func TestRunKeyAndPerms(t *testing.T) {
	k := RunKey(time.Date(2026, 11, 21, 9, 5, 7, 0, time.UTC), rand.New(rand.NewSource(1)))
	if !regexp.MustCompile(`^20261121-090507-[a-z0-9]{4}$`).MatchString(k) {
		t.Fatalf("run key %q", k)
	}
	l := Layout{Out: t.TempDir(), Run: k}
	p := filepath.Join(l.QC("proj"), "x.csv")
	if err := WritePrivate(p, []byte("a")); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(p)
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("file perm %v", fi.Mode().Perm())
	}
	di, _ := os.Stat(filepath.Dir(p))
	if di.Mode().Perm() != 0o700 {
		t.Fatalf("dir perm %v", di.Mode().Perm())
	}
	pub := filepath.Join(l.PublicPartial("proj"), "d.txt")
	st, err := Stage(l.Staging(), []byte("x"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Dir(pub)); !os.IsNotExist(err) {
		t.Fatal("staging created the public folder")
	}
	if b, err := st.Bytes(); err != nil || string(b) != "x" {
		t.Fatalf("staged bytes %q %v", b, err)
	}
	if err := st.Publish(pub); err != nil {
		t.Fatal(err)
	}
	ents, _ := os.ReadDir(filepath.Dir(pub))
	if len(ents) != 1 {
		t.Fatalf("temp files left: %v", ents)
	}
	if st, _ := os.ReadDir(l.Staging()); len(st) != 0 {
		t.Fatalf("staging not empty: %v", st)
	}
	if fi, err := os.Stat(l.Staging()); err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("staging dir: %v %v", err, fi)
	}
	if b, _ := os.ReadFile(pub); string(b) != "x" {
		t.Fatal("public content")
	}
	if fi, _ := os.Stat(pub); fi.Mode().Perm() != PublicFilePerm {
		t.Fatalf("public perm %v", fi.Mode().Perm())
	}
	// the partial folder becomes final only through Finalize, once
	if _, err := os.Stat(l.PublicRoot()); !os.IsNotExist(err) {
		t.Fatal("final public folder exists before Finalize")
	}
	if err := l.Finalize(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(l.Public("proj"), "d.txt")); string(b) != "x" {
		t.Fatal("finalized content")
	}
	if _, err := os.Stat(l.PublicPartialRoot()); !os.IsNotExist(err) {
		t.Fatal("partial folder left after Finalize")
	}
	if err := l.Finalize(); err == nil {
		t.Fatal("second Finalize succeeded")
	}
}
