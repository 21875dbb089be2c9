package engine

import (
	"context"
	"crypto/sha256"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/audit"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/engine/publish"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/qc"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

// floorStages are the pieces of work that every run does beyond a bare
// read + write, whatever its mode, because other issues and the SPEC
// require them. BenchmarkStreaming adds them to the bare read + write one
// at a time (each child does all stages up to its own), so the report
// shows what a run costs before it plans or replaces anything:
//
//	pass1   the first pass (issue 11): every input read again, with the
//	        PHI-only reader, its originals collected for the audit
//	qc      the QC safety net (issue 15): the suspect detector over every
//	        text, its report sealed into the spool
//	stage   audit before publishing (leak-paths issue): the public text is
//	        staged, read back and renamed into place
//	audit   the leak audit (SPEC §7) of every public text
//	digest  provenance (issue 16): SHA-256 of every output as written and
//	        of every input, in pass 1 from the bytes it reads
var floorStages = []string{"pass1", "qc", "stage", "audit", "digest"}

// floorScan is bareScan plus the floor stages up to and including last.
func floorScan(dir, out, last string, workers int) error {
	with := map[string]bool{}
	for _, s := range floorStages {
		with[s] = true
		if s == last {
			break
		}
	}
	ctx := context.Background()
	src := formats.PathSources([]string{dir})
	matcher := audit.NewMatcher()
	if with["pass1"] {
		res := data.Default()
		det := suspects.New(suspects.Options{Resources: res, Places: location.ForRun(nil, res)})
		spool, err := qc.NewSpool("")
		if err != nil {
			return err
		}
		defer spool.Close()
		jobs := make(chan *document.Document)
		var wg sync.WaitGroup
		var mu sync.Mutex
		var qerr error
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for d := range jobs {
					if _, err := spool.Put(qc.CheckWith(d, det)); err != nil {
						mu.Lock()
						qerr = err
						mu.Unlock()
					}
				}
			}()
		}
		in := formats.Options{PHIOnly: true, Workers: workers}
		if with["digest"] {
			// provenance takes the inputs' digests from pass 1
			in.Digest = publish.NewInputDigests().Add
		}
		_, err = formats.Scan(ctx, src, in, func(_ *formats.Project, d *document.Document) error {
			_ = strings.Clone(d.Name)
			_ = docDigest(d)
			for i := range d.Spans {
				matcher.Add(d.SpanText(i))
			}
			if with["qc"] {
				jobs <- d
			}
			return nil
		})
		close(jobs)
		wg.Wait()
		if err != nil {
			return err
		}
		if qerr != nil {
			return qerr
		}
	}
	if err := os.MkdirAll(filepath.Join(out, "staging"), 0o700); err != nil {
		return err
	}
	docs := make(chan *document.Document, workers)
	var wg sync.WaitGroup
	var werr error
	var mu sync.Mutex
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for d := range docs {
				if err := floorWrite(d, out, with, matcher); err != nil {
					mu.Lock()
					werr = err
					mu.Unlock()
				}
			}
		}()
	}
	_, err := formats.Scan(ctx, src, formats.Options{Workers: workers}, func(_ *formats.Project, d *document.Document) error {
		docs <- d
		return nil
	})
	close(docs)
	wg.Wait()
	if err != nil {
		return err
	}
	if werr != nil {
		return werr
	}
	return nil
}

func floorWrite(d *document.Document, out string, with map[string]bool, matcher *audit.Matcher) error {
	enc, err := casjson.Marshal(d)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, d.Name+".json"), enc, 0o600); err != nil {
		return err
	}
	text := []byte(d.Text)
	if !with["stage"] {
		return os.WriteFile(filepath.Join(out, d.Name+".txt"), text, 0o644)
	}
	staged, err := output.Stage(filepath.Join(out, "staging"), text)
	if err != nil {
		return err
	}
	written, err := staged.Bytes()
	if err != nil {
		return err
	}
	if with["audit"] {
		// the originals are in the text here (nothing was replaced): the
		// hits are counted, not acted on
		_ = audit.FindAll(string(written), matcher)
	}
	if with["digest"] {
		_ = sha256.Sum256(enc)
		_ = sha256.Sum256(written)
	}
	return staged.Publish(filepath.Join(out, d.Name+".txt"))
}
