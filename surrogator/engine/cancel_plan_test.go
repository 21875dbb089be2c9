package engine

import (
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surrogator/surrogator/surrogator/formats"
)

// TestReviewCancelWhilePlanningLargeDocument: Ctrl-C or SIGTERM must stop a
// run promptly (exit 130). Pass 2 plans each document in the scan's
// visitor and looks at the context only between documents; planning one
// large letter with many titled names (names.titlePerson scans every span
// of the document for each title: quadratic) ran on for more than 14
// minutes after SIGTERM on a 50 MB letter, the CLI showing "interrupting:
// cleaning up". Here a 2.5 MB letter: Write must return ErrInterrupted
// within 20 s of the cancel.
func TestReviewCancelWhilePlanningLargeDocument(t *testing.T) {
	if testing.Short() {
		t.Skip("large document")
	}
	const unit = "Dr. Anton Quastenbichler behandelte Herrn Carl Wunderhorn am 1.2.2020. "
	var text strings.Builder
	var spans []string
	for i := 0; i < 35000; i++ {
		b := text.Len()
		text.WriteString(unit)
		spans = append(spans,
			`{"begin":`+strconv.Itoa(b)+`,"end":`+strconv.Itoa(b+3)+`,"kind":"NAME_TITLE"}`,
			`{"begin":`+strconv.Itoa(b+4)+`,"end":`+strconv.Itoa(b+24)+`,"kind":"NAME_DOCTOR"}`,
			`{"begin":`+strconv.Itoa(b+42)+`,"end":`+strconv.Itoa(b+57)+`,"kind":"NAME_PATIENT"}`)
	}
	line := `{"id":"big","text":"` + text.String() + `","spans":[` + strings.Join(spans, ",") + "]}\n"
	held := []formats.Source{{Name: "big.jsonl", Data: []byte(line), Project: "p"}}
	ctx := context.Background()
	p, err := Prepare(ctx, held, Options{Mode: ModeFictive, Seed: 1, SeedSet: true, Key: []byte("review key"),
		Out: filepath.Join(t.TempDir(), "out"), Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		_, err := p.Write(wctx)
		done <- err
	}()
	time.Sleep(2 * time.Second)
	cancel()
	select {
	case err := <-done:
		if err != nil && !errors.Is(err, ErrInterrupted) {
			t.Fatalf("Write: %v, want ErrInterrupted", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Write did not stop within 20 s of the cancel (planning one large document ignores the context)")
	}
}
