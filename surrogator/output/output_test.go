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
	pub := filepath.Join(l.Public("proj"), "d.txt")
	if err := WritePublic(pub, []byte("x"), l.Staging()); err != nil {
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
}
