package publish

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/output"
)

// TestDigestLogRoundTrip: what the log records comes back, keyed by path
// relative to its root (any bytes in a name); a log that could not be
// written gives nothing (provenance then reads every file).
func TestDigestLogRoundTrip(t *testing.T) {
	root := t.TempDir()
	l := output.Layout{Out: root, Run: "r"}
	if err := os.MkdirAll(l.PrivateRoot(), 0o700); err != nil {
		t.Fatal(err)
	}
	g, err := OpenDigestLog(l)
	if err != nil {
		t.Fatal(err)
	}
	sum := [32]byte{1, 2, 3}
	g.Add(true, l.PublicPartialRoot(), filepath.Join(l.PublicPartialRoot(), "p", "doc-1.txt"), sum, 7)
	g.Add(false, l.PrivateRoot(), filepath.Join(l.PrivateRoot(), "p", "cas", "Name mit\nZeilenumbruch.json"), sum, 1<<40)
	pub, pv := g.Finish()
	if len(pub) != 1 || pub["p/doc-1.txt"].Size != 7 || !strings.HasPrefix(pub["p/doc-1.txt"].SHA256, "010203") {
		t.Errorf("public: %+v", pub)
	}
	if f, ok := pv["p/cas/Name mit\nZeilenumbruch.json"]; !ok || f.Size != 1<<40 || len(pv) != 1 {
		t.Errorf("private: %+v", pv)
	}
	if _, err := os.Stat(filepath.Join(l.PrivateRoot(), DigestLogName)); !os.IsNotExist(err) {
		t.Errorf("log left behind: %v", err)
	}
	if g, err = OpenDigestLog(l); err != nil {
		t.Fatal(err)
	}
	g.Add(true, l.PublicPartialRoot(), filepath.Join(l.PublicPartialRoot(), "x.txt"), sum, 1)
	g.err = os.ErrClosed // as a failed write leaves it
	if pub, pv := g.Finish(); pub != nil || pv != nil {
		t.Errorf("a failed log gave digests: %v %v", pub, pv)
	}
}
