package publish

import (
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/surrogator/surrogator/surrogator/output"
)

// Run status recorded in run.json. A run writes "running" before it
// publishes anything and "complete" when every document is written and
// audited; only then is public-<run>.partial renamed to public-<run>.
const (
	StatusRunning     = "running"
	StatusInterrupted = "interrupted"
	StatusFailed      = "failed"
	StatusComplete    = "complete"
)

// ErrBusy is returned when another process holds the lock of the run the
// engine would resume.
var ErrBusy = errors.New("engine: run folder is in use by another process")

// RunState is the part of run.json that recovery reads.
type RunState struct {
	Run         string `json:"run"`
	Status      string `json:"status"`
	Fingerprint string `json:"fingerprint"`
	Seed        int64  `json:"seed"`
}

// ReadRunState reads the part of run.json in privateRoot that recovery reads.
func ReadRunState(privateRoot string) (*RunState, error) {
	b, err := os.ReadFile(filepath.Join(privateRoot, "run.json"))
	if err != nil {
		return nil, err
	}
	var st RunState
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, err
	}
	return &st, nil
}

// Lock is an exclusive advisory lock on a private run folder, held while
// the run works in it.
type Lock struct{ f *os.File }

// LockRun takes the lock of a private run folder (made when missing), or
// fails with ErrBusy when another process holds it.
func LockRun(privateRoot string) (*Lock, error) {
	if err := output.MkdirPrivate(privateRoot); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(privateRoot, ".lock"), os.O_RDWR|os.O_CREATE, output.PrivateFilePerm)
	if err != nil {
		return nil, fmt.Errorf("engine: lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrBusy
		}
		return nil, fmt.Errorf("engine: lock: %w", err)
	}
	return &Lock{f: f}, nil
}

// Release gives the lock up and removes its file (nil: nothing).
func (l *Lock) Release() {
	if l != nil && l.f != nil {
		syscall.Flock(int(l.f.Fd()), syscall.LOCK_UN)
		l.f.Close()
		os.Remove(l.f.Name())
		l.f = nil
	}
}

// Recovered says what recover found in OUT.
type Recovered struct {
	// resume is the run key of an incomplete run with the same fingerprint
	// (empty: start a new run); seed its recorded seed.
	Resume string
	Seed   int64
	Lock   *Lock
	// finalized counts complete runs whose public folder was still
	// partial (killed between run.json and the rename) and is now final.
	Finalized int
	// stale counts incomplete runs of other parameters left as they are.
	Stale int
}

// Recover looks at the earlier runs in OUT: a complete run whose public
// folder is still partial is finalized; an incomplete run with this run's
// fingerprint is taken over (locked, emptied) to be redone.
func Recover(out, fp string) (*Recovered, error) {
	rec := &Recovered{}
	dirs, _ := filepath.Glob(filepath.Join(out, "private", "private-*"))
	sort.Strings(dirs)
	for _, d := range dirs {
		run := strings.TrimPrefix(filepath.Base(d), "private-")
		l := output.Layout{Out: out, Run: run}
		st, err := ReadRunState(d)
		if err != nil {
			removeAbandoned(d) // a run killed before it wrote run.json
			continue
		}
		_, perr := os.Lstat(l.PublicPartialRoot())
		_, ferr := os.Lstat(l.PublicRoot())
		if st.Status == StatusComplete {
			if perr == nil && ferr != nil {
				if err := l.Finalize(); err != nil {
					return nil, err
				}
				rec.Finalized++
			}
			continue
		}
		if rec.Resume != "" || st.Fingerprint != fp || st.Run != run {
			rec.Stale++
			continue
		}
		lk, err := LockRun(d)
		if errors.Is(err, ErrBusy) {
			return nil, fmt.Errorf("%w: %s", ErrBusy, d)
		}
		if err != nil {
			return nil, err
		}
		// redo from scratch: the outputs are a function of inputs, seed
		// and key, so the redone run is the run that was interrupted
		if err := os.RemoveAll(l.PublicPartialRoot()); err != nil {
			lk.Release()
			return nil, fmt.Errorf("engine: %w", err)
		}
		ents, _ := os.ReadDir(d)
		for _, e := range ents {
			if e.Name() == ".lock" {
				continue
			}
			if err := os.RemoveAll(filepath.Join(d, e.Name())); err != nil {
				lk.Release()
				return nil, fmt.Errorf("engine: %w", err)
			}
		}
		rec.Resume, rec.Seed, rec.Lock = run, st.Seed, lk
	}
	return rec, nil
}

// removeAbandoned removes a private run folder that holds nothing but the
// lock of a run that died before writing run.json (and whose lock is free).
func removeAbandoned(dir string) {
	ents, err := os.ReadDir(dir)
	if err != nil || len(ents) != 1 || ents[0].Name() != ".lock" {
		return
	}
	lk, err := LockRun(dir)
	if err != nil {
		return
	}
	os.RemoveAll(dir)
	lk.Release()
}

// NewRunKey draws a run key whose public and private folders do not exist
// yet (two runs in one second must not share a folder).
func NewRunKey(out string, now time.Time) (string, error) {
	var seed [8]byte
	for i := 0; i < 100; i++ {
		if _, err := crand.Read(seed[:]); err != nil {
			return "", fmt.Errorf("engine: run key: %w", err)
		}
		l := output.Layout{Out: out, Run: output.RunKey(now, rand.New(rand.NewSource(int64(binary.LittleEndian.Uint64(seed[:])))))}
		_, e1 := os.Lstat(l.PrivateRoot())
		_, e2 := os.Lstat(l.PublicRoot())
		_, e3 := os.Lstat(l.PublicPartialRoot())
		if os.IsNotExist(e1) && os.IsNotExist(e2) && os.IsNotExist(e3) {
			return l.Run, nil
		}
	}
	return "", fmt.Errorf("engine: no free run key in %s", out)
}
