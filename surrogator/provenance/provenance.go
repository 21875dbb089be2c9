// Package provenance records what produced a surrogation run, so that a
// released corpus can be traced to its inputs, geodata, version and
// options, and re-checked bit for bit (`surrogator verify`).
//
// A run writes two files:
//
//   - provenance.json (private run folder): a Record — surrogator version
//     and build info, options, seed, a fingerprint of the key (a keyed
//     hash of a constant, never the key), the SHA-256 and size of every
//     input file, of the toggle, the geodata pack, the facility pools and
//     the embedder model, the embedder, and the SHA-256 of
//     every public and private output file;
//   - MANIFEST.sha256 (public run folder): the public files' digests in
//     `sha256sum` format, so that researchers can run `sha256sum -c
//     MANIFEST.sha256` inside the folder.
//
// Digests are keyed by slash-separated paths relative to the public and
// private run roots, so that two runs (with different run keys in their
// folder names) compare file by file. Files that differ between two runs
// of the same inputs by design are not digested; ExcludedFromDigests
// lists them with the reason.
package provenance

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// Names of the files this package writes.
const (
	FileName     = "provenance.json"
	ManifestName = "MANIFEST.sha256"
	// RunJSON is the engine's run report (excluded from digests).
	RunJSON = "run.json"
	// FormatVersion is the Record layout version.
	FormatVersion = 1
)

// fingerprintLabel is the constant the key fingerprint is computed over.
const fingerprintLabel = "surrogator key fingerprint v1"

// Record is the provenance of one run. Its JSON form is provenance.json.
type Record struct {
	Format  int       `json:"format"`
	Version string    `json:"version"` // surrogator version (main.version)
	Build   BuildInfo `json:"build"`
	Run     string    `json:"run"` // the run key (folder names), informational
	Options Options   `json:"options"`
	Seed    int64     `json:"seed"`
	Key     Key       `json:"key"`
	// Inputs are the paths given to the run, in order.
	Inputs    []Input `json:"inputs"`
	Toggle    *File   `json:"toggle,omitempty"`    // the toggle file, when given (absolute path)
	Geodata   *File   `json:"geodata,omitempty"`   // the geodata pack, when given (absolute path)
	Resources []Input `json:"resources,omitempty"` // --resources directory, when given
	// Pools is the --pools directory of facility name lists, when the run
	// used it (a pack's embedded pools are part of Geodata).
	Pools    []Input  `json:"pools,omitempty"`
	Embedder Embedder `json:"embedder"`
	// Model is the --model directory of an ONNX embedder, when used.
	Model []Input `json:"model,omitempty"`
	// Public and Private map output paths (slash-separated, relative to
	// the public and private run roots) to hex SHA-256.
	Public  map[string]string `json:"public"`
	Private map[string]string `json:"private"`
	// ExcludedFromDigests documents which output files are not digested
	// and why (ExcludedFiles).
	ExcludedFromDigests []Exclusion `json:"excluded_from_digests"`
}

// BuildInfo is the part of runtime/debug.BuildInfo that identifies a
// binary.
type BuildInfo struct {
	GoVersion   string            `json:"go"`
	Path        string            `json:"path,omitempty"`
	Main        string            `json:"main,omitempty"` // main module version
	VCSRevision string            `json:"vcs_revision,omitempty"`
	VCSTime     string            `json:"vcs_time,omitempty"`
	VCSModified bool              `json:"vcs_modified,omitempty"`
	Deps        map[string]string `json:"deps,omitempty"` // module path → version (replacements resolved)
	OS          string            `json:"os"`
	Arch        string            `json:"arch"`
}

// Options are the run options that decide the output.
type Options struct {
	Mode  string `json:"mode"`
	Scope string `json:"scope"`
	// DateShift is the fixed shift in days when DateShiftSet.
	DateShift    int  `json:"date_shift"`
	DateShiftSet bool `json:"date_shift_set"`
	DateShiftMin int  `json:"date_shift_min"`
	DateShiftMax int  `json:"date_shift_max"`
	Workers      int  `json:"workers"`
	ReplaceState bool `json:"replace_state,omitempty"`
	// Suspects is the policy for suspected unannotated PII (report,
	// exclude; "" is report).
	Suspects string `json:"suspects,omitempty"`
	// Paths as given (the files' digests are in Record.Toggle etc.).
	ToggleFile   string `json:"toggle_file,omitempty"`
	ResourcesDir string `json:"resources_dir,omitempty"`
	GeodataFile  string `json:"geodata_file,omitempty"`
	// PoolsDir is the directory of facility name lists (--pools) the run
	// drew facility surrogates from ("" when none or when the geodata
	// pack's embedded pools were used).
	PoolsDir string `json:"pools_dir,omitempty"`
	// ModelDir is the ONNX model directory of --embedder onnx ("" for the
	// built-in embedder).
	ModelDir string `json:"model_dir,omitempty"`
	// Input reading (formats.Options).
	PHIType       string `json:"phi_type,omitempty"`
	PHIFeature    string `json:"phi_feature,omitempty"`
	Annotator     string `json:"annotator,omitempty"`
	TypeSystem    string `json:"typesystem,omitempty"`
	MaxDocBytes   int64  `json:"max_doc_bytes,omitempty"`
	MaxZipBytes   int64  `json:"max_zip_bytes,omitempty"`
	MaxZipEntries int    `json:"max_zip_entries,omitempty"`
}

// Key identifies the secret key without revealing it.
type Key struct {
	// Fingerprint is Fingerprint(key).
	Fingerprint string `json:"fingerprint"`
	// File is the key file's path (--key-file or OUT/private/surrogator.key).
	File string `json:"file,omitempty"`
}

// Input is one input path: a file (SHA256, Size) or a directory (Files).
type Input struct {
	Path   string `json:"path"` // as given
	Abs    string `json:"abs"`  // absolute, for verify
	Dir    bool   `json:"dir,omitempty"`
	SHA256 string `json:"sha256,omitempty"`
	Size   int64  `json:"size,omitempty"`
	Files  []File `json:"files,omitempty"` // of a directory: paths relative to it, sorted
}

// File is a digested file.
type File struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Size   int64  `json:"size"`
}

// Embedder identifies the sentence embedder used to pick facility
// surrogates (empty when none).
type Embedder struct {
	Name        string `json:"name"`
	ModelSHA256 string `json:"model_sha256"`
}

// Exclusion is a class of output files without digest.
type Exclusion struct {
	Pattern string `json:"pattern"`
	Reason  string `json:"reason"`
}

// ExcludedFiles are the output files not digested, with the reason. The
// patterns are matched by Excluded.
var ExcludedFiles = []Exclusion{
	{RunJSON, "holds the start and finish times, the run key and absolute paths: differs on every run"},
	{FileName, "the provenance record itself"},
	{ManifestName, "derived from the public digests recorded here"},
	{".staging/", "temporary files of public writes (empty after a complete run)"},
	{".lock", "the run lock (held while the run writes)"},
	{".tmp-*", "temporary files of an interrupted write"},
}

// Excluded reports whether the output file rel (slash-separated, relative
// to a run root) is not digested.
func Excluded(rel string) bool {
	rel = path.Clean(rel)
	base := path.Base(rel)
	switch {
	case rel == RunJSON, rel == FileName, rel == ManifestName, rel == ".lock":
		return true
	case rel == ".staging" || strings.HasPrefix(rel, ".staging/"):
		return true
	case strings.HasPrefix(base, ".tmp-"):
		return true
	}
	return false
}

// Fingerprint returns the key's fingerprint: HMAC-SHA256(key, "surrogator
// key fingerprint v1"), first 8 bytes in hex (as run.json's
// key_fingerprint). It identifies the key (two runs used the same key)
// without allowing to recover it.
func Fingerprint(key []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(fingerprintLabel))
	return hex.EncodeToString(m.Sum(nil)[:8])
}

// ReadBuild returns the build information of the running binary.
func ReadBuild() BuildInfo {
	b := BuildInfo{GoVersion: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	b.Path, b.Main = bi.Path, bi.Main.Version
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.VCSRevision = s.Value
		case "vcs.time":
			b.VCSTime = s.Value
		case "vcs.modified":
			b.VCSModified = s.Value == "true"
		}
	}
	if len(bi.Deps) > 0 {
		b.Deps = make(map[string]string, len(bi.Deps))
		for _, d := range bi.Deps {
			m := d
			if d.Replace != nil {
				m = d.Replace
			}
			v := m.Version
			if m.Sum != "" {
				v += " " + m.Sum
			}
			b.Deps[d.Path] = v
		}
	}
	return b
}

// pathless drops the path from a file error: input and private file
// names may be a patient's name, and errors reach the terminal.
func pathless(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return err
}

// hashFile is HashFile reading through buf; the context stops it
// between two reads (a zip of gigabytes takes seconds).
func hashFile(ctx context.Context, p string, buf []byte) (File, error) {
	if err := ctx.Err(); err != nil {
		return File{}, fmt.Errorf("provenance: %w", err)
	}
	f, err := os.Open(p)
	if err != nil {
		return File{}, fmt.Errorf("provenance: a file to digest could not be opened: %w", pathless(err))
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.CopyBuffer(h, ctxReader{ctx, f}, buf) // not os.File.WriteTo: it allocates a buffer per file
	if err != nil {
		if cerr := ctx.Err(); cerr != nil {
			return File{}, fmt.Errorf("provenance: %w", cerr)
		}
		return File{}, fmt.Errorf("provenance: a file could not be digested: %w", pathless(err))
	}
	return File{Path: p, SHA256: hex.EncodeToString(h.Sum(nil)), Size: n}, nil
}

// ctxReader stops reading once its context is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(b)
}

// Digested holds the digests of output files taken while they were
// written (File.Path relative to the run root, slash-separated), so that
// they need not be read back. CollectContext uses one only when the file
// on disk still has its size; the others are read.
type Digested map[string]File

// asWritten returns the lookup of hashTreeKnown for the digests of
// output files taken as they were written: one is used only when the file
// on disk still has its size.
func (known Digested) asWritten() func(rel string, d fs.DirEntry) (File, bool) {
	if known == nil {
		return nil
	}
	return func(rel string, d fs.DirEntry) (File, bool) {
		if k, ok := known[rel]; ok && k.SHA256 != "" {
			if info, err := d.Info(); err == nil && info.Size() == k.Size {
				return File{Path: rel, SHA256: k.SHA256, Size: k.Size}, true
			}
		}
		return File{}, false
	}
}

// hashTreeKnown returns the digest of every regular file below dir (see
// HashTree), taking those known returns from there (nil: none) and
// reading the others; the context stops it between two files and inside
// a file.
func hashTreeKnown(ctx context.Context, dir string, exclude func(rel string) bool, known func(rel string, d fs.DirEntry) (File, bool)) ([]File, error) {
	if exclude == nil {
		exclude = Excluded
	}
	var out []File
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if p == dir {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if exclude(rel) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		if known != nil {
			if k, ok := known(rel, d); ok {
				out = append(out, k)
				return nil
			}
		}
		out = append(out, File{Path: rel})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("provenance: %w", pathless(err))
	}
	// the files are digested on every CPU: a run's tree holds thousands
	if err := hashAll(ctx, dir, out); err != nil {
		return nil, err
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// hashAll fills in the digest and size of files (paths relative to dir).
func hashAll(ctx context.Context, dir string, files []File) error {
	var (
		next  atomic.Int64
		wg    sync.WaitGroup
		errMu sync.Mutex
		first error
	)
	for w := 0; w < min(runtime.GOMAXPROCS(0), len(files)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, 64<<10)
			for {
				i := int(next.Add(1) - 1)
				if i >= len(files) {
					return
				}
				if files[i].SHA256 != "" {
					continue // digested while it was written
				}
				f, err := hashFile(ctx, filepath.Join(dir, filepath.FromSlash(files[i].Path)), buf)
				if err != nil {
					errMu.Lock()
					if first == nil {
						first = err
					}
					errMu.Unlock()
					next.Store(int64(len(files))) // stop the others
					return
				}
				files[i].SHA256, files[i].Size = f.SHA256, f.Size
			}
		}()
	}
	wg.Wait()
	return first
}

// outputMarker is the file marking a surrogator output folder
// (output.Marker); input directories skip such folders as the engine does.
const outputMarker = ".surrogator-out"

// KnownInputs returns the digest of an input file that the caller took
// from the bytes it read (a run's first pass reads most inputs whole), by
// the file's absolute path — below an input folder: the folder's path
// with its symbolic links resolved, joined with the path relative to it.
// false: not known, the file is read. The digest returned is recorded as
// it is, whatever the file holds now: it describes the bytes the caller
// read.
type KnownInputs func(abs string) (File, bool)

// hashInputs digests the input paths: a file (a zip too) as a whole, a
// directory file by file (paths relative to it; output folders below it
// skipped). A file whose digest known gives is not read (nil: every file
// is read).
func hashInputs(ctx context.Context, paths []string, known KnownInputs) ([]Input, error) {
	out := make([]Input, 0, len(paths))
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, fmt.Errorf("provenance: %w", err)
		}
		st, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("provenance: %w", err)
		}
		in := Input{Path: p, Abs: abs}
		if st.IsDir() {
			in.Dir = true
			root, err := filepath.EvalSymlinks(abs) // WalkDir does not enter a linked root
			if err != nil {
				return nil, fmt.Errorf("provenance: %w", err)
			}
			var lookup func(rel string, d fs.DirEntry) (File, bool)
			if known != nil {
				lookup = func(rel string, _ fs.DirEntry) (File, bool) {
					f, ok := known(filepath.Join(root, filepath.FromSlash(rel)))
					f.Path = rel
					return f, ok && f.SHA256 != ""
				}
			}
			in.Files, err = hashTreeKnown(ctx, root, func(rel string) bool {
				_, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel), outputMarker))
				return err == nil
			}, lookup)
			if err != nil {
				return nil, err
			}
			if in.Files == nil {
				in.Files = []File{}
			}
		} else {
			f, ok := File{}, false
			if known != nil {
				f, ok = known(abs)
			}
			if !ok || f.SHA256 == "" {
				if f, err = hashFile(ctx, p, make([]byte, 64<<10)); err != nil {
					return nil, err
				}
			}
			in.SHA256, in.Size = f.SHA256, f.Size
		}
		out = append(out, in)
	}
	return out, nil
}

// CollectContext completes a record whose caller filled Version, Run,
// Options, Seed, Key and Embedder, once every output file of the run is
// written (run.json may still change): it records the build info, digests
// the inputs (paths as given to the run) and the toggle, resources,
// geodata, pools and model named in r.Options, writes MANIFEST.sha256 into
// publicRoot and digests every public and private file. publicRoot may be
// the run's partial public folder: digests are relative to the root.
//
// The digests of input files are taken from inputs (nil: every input file
// is read), those of the public and private output files from pub and
// priv (see Digested). The context stops it between two files and inside
// a file (the error wraps ctx.Err()): a run's inputs may be gigabytes, and
// an interrupted run must not wait for them.
func CollectContext(ctx context.Context, r *Record, paths []string, publicRoot, privateRoot string, inputs KnownInputs, pub, priv Digested) error {
	r.Format = FormatVersion
	r.Build = ReadBuild()
	var err error
	if r.Inputs, err = hashInputs(ctx, paths, inputs); err != nil {
		return err
	}
	r.Toggle, r.Geodata, r.Resources, r.Pools, r.Model = nil, nil, nil, nil, nil
	if p := r.Options.ToggleFile; p != "" {
		if r.Toggle, err = hashAbs(ctx, p); err != nil {
			return err
		}
	}
	if p := r.Options.GeodataFile; p != "" {
		if r.Geodata, err = hashAbs(ctx, p); err != nil {
			return err
		}
	}
	if p := r.Options.ResourcesDir; p != "" {
		if r.Resources, err = hashInputs(ctx, []string{p}, nil); err != nil {
			return err
		}
	}
	if p := r.Options.PoolsDir; p != "" {
		if r.Pools, err = hashInputs(ctx, []string{p}, nil); err != nil {
			return err
		}
	}
	if p := r.Options.ModelDir; p != "" {
		if r.Model, err = hashInputs(ctx, []string{p}, nil); err != nil {
			return err
		}
	}
	return r.hashOutputs(ctx, publicRoot, privateRoot, pub, priv)
}

// hashAbs digests a file and records its absolute path (verify re-reads
// it from there, whatever its working directory).
func hashAbs(ctx context.Context, p string) (*File, error) {
	f, err := hashFile(ctx, p, make([]byte, 64<<10))
	if err != nil {
		return nil, err
	}
	if f.Path, err = filepath.Abs(p); err != nil {
		return nil, fmt.Errorf("provenance: %w", err)
	}
	return &f, nil
}

// hashOutputs writes MANIFEST.sha256 into publicRoot and fills r.Public
// and r.Private from the run's two roots, taking the digests of the files
// in pub and priv from there (see Digested).
func (r *Record) hashOutputs(ctx context.Context, publicRoot, privateRoot string, pub, priv Digested) error {
	var err error
	if r.Public, err = writeManifest(ctx, publicRoot, pub); err != nil {
		return err
	}
	files, err := hashTreeKnown(ctx, privateRoot, nil, priv.asWritten())
	if err != nil {
		return err
	}
	r.Private = make(map[string]string, len(files))
	for _, f := range files {
		r.Private[f.Path] = f.SHA256
	}
	r.ExcludedFromDigests = ExcludedFiles
	return nil
}

// Write writes r as indented JSON to path (0600: it lies in the private
// folder and names input files).
func Write(p string, r *Record) error {
	if r.Format == 0 {
		r.Format = FormatVersion
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("provenance: %w", err)
	}
	return writeFile(p, append(b, '\n'), 0o600)
}

// Read reads a provenance.json.
func Read(p string) (*Record, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("provenance: %w", err)
	}
	var r Record
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("provenance: %s: %w", filepath.Base(p), err)
	}
	if r.Format != FormatVersion {
		return nil, fmt.Errorf("provenance: %s: format %d, want %d", filepath.Base(p), r.Format, FormatVersion)
	}
	return &r, nil
}

// writeManifest writes MANIFEST.sha256 into the public run folder: one
// line "<hex>  <path>" per public file, sorted by path, in the format
// `sha256sum -c` reads, digests from known where given. It returns the
// digests.
func writeManifest(ctx context.Context, publicRoot string, known Digested) (map[string]string, error) {
	files, err := hashTreeKnown(ctx, publicRoot, nil, known.asWritten())
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	digests := make(map[string]string, len(files))
	for _, f := range files {
		if strings.ContainsAny(f.Path, "\\\n") {
			// sha256sum escapes such names; the engine never makes them
			return nil, errors.New("provenance: manifest: public file name with backslash or newline")
		}
		fmt.Fprintf(&b, "%s  %s\n", f.SHA256, f.Path)
		digests[f.Path] = f.SHA256
	}
	if err := writeFile(filepath.Join(publicRoot, ManifestName), []byte(b.String()), 0o644); err != nil {
		return nil, err
	}
	return digests, nil
}

// writeFile writes data atomically (temporary file, sync, rename).
func writeFile(p string, data []byte, perm os.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return fmt.Errorf("provenance: %w", err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, p)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("provenance: write %s: %w", filepath.Base(p), err)
	}
	return nil
}
