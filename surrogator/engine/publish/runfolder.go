package engine

import (
	crand "crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
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
	"github.com/surrogator/surrogator/surrogator/provenance"
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

// ErrInterrupted is returned when the context is cancelled (Ctrl-C,
// SIGTERM): nothing of the run is public; re-running the same command
// redoes it under the same run key. It wraps context.Canceled where that
// was the cause.
var ErrInterrupted = errors.New("engine: interrupted")

// ErrNothingReleased is returned when every document that should have been
// published was excluded as unreadable, unsafe or quarantined: nothing
// usable was written.
var ErrNothingReleased = errors.New("engine: no document could be published")

// ErrUnsafeProjectName is returned when a project's name, which names its
// public folder, contains an original of its documents.
var ErrUnsafeProjectName = errors.New("engine: unsafe project name")

// ErrBusy is returned when another process holds the lock of the run the
// engine would resume.
var ErrBusy = errors.New("engine: run folder is in use by another process")

// KeyFingerprint identifies a key without revealing it (see
// provenance.Fingerprint).
func KeyFingerprint(key []byte) string { return provenance.Fingerprint(key) }

// fingerprint identifies what a run was asked to do, so that re-running
// the same command after an interruption finds and redoes that run. The
// seed takes part only when it was given (a random seed is taken over
// from the interrupted run); the key takes part through its fingerprint.
func (o *Options) fingerprint(paths []string) string {
	abs := make([]string, len(paths))
	for i, p := range paths {
		abs[i] = mustAbs(p)
	}
	v := map[string]any{
		"version":    o.Version,
		"mode":       o.Mode,
		"scope":      o.Scope,
		"seed_set":   o.SeedSet,
		"key":        KeyFingerprint(o.Key),
		"date_shift": []any{o.DateShiftSet, o.DateShift, o.DateShiftMin, o.DateShiftMax},
		"inputs":     abs,
		"toggle":     fileDigest(o.ToggleFile),
		"resources":  o.ResourcesDir,
		"geodata":    o.GeodataFile,
		"input_opts": inputOpts(o),
		"suspects":   o.Suspects,
		"pools":      poolsID(o),
	}
	if o.SeedSet {
		v["seed"] = o.Seed
	}
	b, _ := json.Marshal(v)
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:16])
}

// poolsID identifies the facility pools and their embedder ("" without).
func poolsID(o *Options) string {
	if o.Pools == nil {
		return ""
	}
	id := fmt.Sprintf("%d entries", o.Pools.Len())
	if e := o.Pools.Embedder(); e != nil {
		id += " " + e.Name() + " " + e.Version()
	}
	return id
}

// inputOpts prints the reading options that decide what is read (not the
// progress callback, not the folders skipped).
func inputOpts(o *Options) string {
	in := o.Input
	in.Progress, in.SkipDirs, in.Workers = nil, nil, 0 // how, not what, is read
	return fmt.Sprintf("%+v", in)
}

func mustAbs(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// fileDigest is the SHA-256 of a file's content ("" for no file, the error
// text for an unreadable one).
func fileDigest(path string) string {
	if path == "" {
		return ""
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "unreadable"
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// runState is the part of run.json that recovery reads.
type runState struct {
	Run         string `json:"run"`
	Status      string `json:"status"`
	Fingerprint string `json:"fingerprint"`
	Seed        int64  `json:"seed"`
}

func readRunState(privateRoot string) (*runState, error) {
	b, err := os.ReadFile(filepath.Join(privateRoot, "run.json"))
	if err != nil {
		return nil, err
	}
	var st runState
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, err
	}
	return &st, nil
}

// runLock is an exclusive advisory lock on a private run folder, held while
// the run works in it.
type runLock struct{ f *os.File }

func lockRun(privateRoot string) (*runLock, error) {
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
	return &runLock{f: f}, nil
}

func (l *runLock) release() {
	if l != nil && l.f != nil {
		syscall.Flock(int(l.f.Fd()), syscall.LOCK_UN)
		l.f.Close()
		os.Remove(l.f.Name())
		l.f = nil
	}
}

// recovered says what recover found in OUT.
type recovered struct {
	// resume is the run key of an incomplete run with the same fingerprint
	// (empty: start a new run); seed its recorded seed.
	resume string
	seed   int64
	lock   *runLock
	// finalized counts complete runs whose public folder was still
	// partial (killed between run.json and the rename) and is now final.
	finalized int
	// stale counts incomplete runs of other parameters left as they are.
	stale int
}

// recoverOut looks at the earlier runs in OUT: a complete run whose public
// folder is still partial is finalized; an incomplete run with this run's
// fingerprint is taken over (locked, emptied) to be redone.
func recoverOut(out, fp string) (*recovered, error) {
	rec := &recovered{}
	dirs, _ := filepath.Glob(filepath.Join(out, "private", "private-*"))
	sort.Strings(dirs)
	for _, d := range dirs {
		run := strings.TrimPrefix(filepath.Base(d), "private-")
		l := output.Layout{Out: out, Run: run}
		st, err := readRunState(d)
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
				rec.finalized++
			}
			continue
		}
		if rec.resume != "" || st.Fingerprint != fp || st.Run != run {
			rec.stale++
			continue
		}
		lk, err := lockRun(d)
		if errors.Is(err, ErrBusy) {
			return nil, fmt.Errorf("%w: %s", ErrBusy, d)
		}
		if err != nil {
			return nil, err
		}
		// redo from scratch: the outputs are a function of inputs, seed
		// and key, so the redone run is the run that was interrupted
		if err := os.RemoveAll(l.PublicPartialRoot()); err != nil {
			lk.release()
			return nil, fmt.Errorf("engine: %w", err)
		}
		ents, _ := os.ReadDir(d)
		for _, e := range ents {
			if e.Name() == ".lock" {
				continue
			}
			if err := os.RemoveAll(filepath.Join(d, e.Name())); err != nil {
				lk.release()
				return nil, fmt.Errorf("engine: %w", err)
			}
		}
		rec.resume, rec.seed, rec.lock = run, st.Seed, lk
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
	lk, err := lockRun(dir)
	if err != nil {
		return
	}
	os.RemoveAll(dir)
	lk.release()
}

// newRunKey draws a run key whose public and private folders do not exist
// yet (two runs in one second must not share a folder).
func newRunKey(out string, now time.Time) (string, error) {
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
