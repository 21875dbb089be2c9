package formats

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestReadContextStops: a cancelled context stops reading before the next
// file is opened and the error says why (Ctrl-C during the read phase).
func TestReadContextStops(t *testing.T) {
	dir := t.TempDir()
	for i := 0; i < 50; i++ {
		line := fmt.Sprintf(`{"id":"d%d","text":"Herr Quandtmeyer kam.","spans":[{"begin":5,"end":16,"kind":"NAME_PATIENT"}]}`+"\n", i)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d.jsonl", i)), []byte(line), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	projs, err := ReadContext(context.Background(), []string{dir}, Options{})
	if err != nil || len(projs) != 1 || len(projs[0].Documents) != 50 {
		t.Fatalf("uncancelled read: %v %v", projs, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	opened := 0
	_, err = ReadContext(ctx, []string{dir}, Options{Progress: func(n int) {
		opened = n
		if n == 3 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if opened != 3 {
		t.Fatalf("%d files read after the cancel at 3", opened)
	}
}
