package zipread

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// Default limits (see Limits).
const (
	DefaultMaxEntry   = 64 << 20
	DefaultMaxTotal   = 4 << 30
	DefaultMaxEntries = 50_000
)

// Limits bound what is inflated from one zip. Zero fields take the
// defaults.
type Limits struct {
	// MaxEntry is the largest inflated size of one entry (default 64 MiB).
	MaxEntry int64
	// MaxTotal is the largest inflated size of all entries read (default
	// 4 GiB).
	MaxTotal int64
	// MaxEntries is the largest number of entries (default 50,000).
	MaxEntries int
}

// WithDefaults returns l with zero fields set to the defaults.
func (l Limits) WithDefaults() Limits {
	if l.MaxEntry <= 0 {
		l.MaxEntry = DefaultMaxEntry
	}
	if l.MaxTotal <= 0 {
		l.MaxTotal = DefaultMaxTotal
	}
	if l.MaxEntries <= 0 {
		l.MaxEntries = DefaultMaxEntries
	}
	return l
}

// ErrTooLarge is returned when an entry or the whole archive inflates past
// the limits; ErrEntryTooLarge and ErrArchiveTooLarge wrap it and tell
// which limit was hit. ErrTooManyEntries: more entries than MaxEntries.
var (
	ErrTooLarge        = errors.New("inflated size exceeds limit")
	ErrEntryTooLarge   = fmt.Errorf("zip entry: %w", ErrTooLarge)
	ErrArchiveTooLarge = fmt.Errorf("zip: %w (all entries together)", ErrTooLarge)
	ErrTooManyEntries  = errors.New("zip: too many entries")
)

// Archive is a zip opened with limits; names are decoded to UTF-8.
type Archive struct {
	files  map[string]*zip.File
	names  []string
	limits Limits
	read   int64
	// Refused lists entries whose names were unsafe (absolute, "..").
	Refused []string
	// OnRead, when set, is called after each entry is read (progress).
	OnRead func()
}

// DecodeName returns the UTF-8 name of a zip entry: names without the
// UTF-8 flag that are not valid UTF-8 are decoded as CP437 (the zip
// default); names with the flag, or valid UTF-8 names, are kept.
func DecodeName(f *zip.File) string {
	if f.NonUTF8 && !utf8.ValidString(f.Name) {
		if s, err := charmap.CodePage437.NewDecoder().String(f.Name); err == nil {
			return s
		}
	}
	return f.Name
}

// safeName reports whether an entry name stays inside the archive root.
func safeName(n string) bool {
	if n == "" || strings.HasPrefix(n, "/") || strings.HasPrefix(n, `\`) || strings.Contains(n, `\`) ||
		(len(n) > 1 && n[1] == ':') {
		return false
	}
	for _, part := range strings.Split(n, "/") {
		if part == ".." {
			return false
		}
	}
	return true
}

// Open reads the central directory of a zip held in r. A zip that
// declares more entries than lim.MaxEntries is refused before its
// directory is parsed (ErrTooManyEntries), so it costs no memory.
func Open(r io.ReaderAt, size int64, lim Limits) (*Archive, error) {
	lim = lim.WithDefaults()
	if n, ok := declaredEntries(r, size); ok && n > lim.MaxEntries {
		return nil, fmt.Errorf("inception: %w (%d declared, limit %d)", ErrTooManyEntries, n, lim.MaxEntries)
	}
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, fmt.Errorf("inception: zip: %w", err)
	}
	if len(zr.File) > lim.MaxEntries {
		return nil, fmt.Errorf("inception: %w (%d, limit %d)", ErrTooManyEntries, len(zr.File), lim.MaxEntries)
	}
	a := &Archive{files: map[string]*zip.File{}, limits: lim}
	for _, f := range zr.File {
		name := DecodeName(f)
		if !safeName(name) {
			a.Refused = append(a.Refused, name)
			continue
		}
		name = path.Clean(name)
		if strings.HasSuffix(f.Name, "/") {
			continue
		}
		if _, dup := a.files[name]; dup {
			return nil, fmt.Errorf("inception: zip: the same entry name twice")
		}
		a.files[name] = f
		a.names = append(a.names, name)
	}
	return a, nil
}

// declaredEntries reads the entry count from the end-of-central-directory
// record (and its zip64 counterpart); ok is false when none is found (the
// zip reader then reports the damage).
func declaredEntries(r io.ReaderAt, size int64) (n int, ok bool) {
	const eocdLen, maxComment = 22, 65535
	tail := int64(eocdLen + maxComment)
	if tail > size {
		tail = size
	}
	if tail < eocdLen {
		return 0, false
	}
	buf := make([]byte, tail)
	if _, err := r.ReadAt(buf, size-tail); err != nil && !errors.Is(err, io.EOF) {
		return 0, false
	}
	for i := len(buf) - eocdLen; i >= 0; i-- {
		if binary.LittleEndian.Uint32(buf[i:]) != 0x06054b50 ||
			i+eocdLen+int(binary.LittleEndian.Uint16(buf[i+20:])) != len(buf) {
			continue // not a record whose comment ends the file
		}
		total := binary.LittleEndian.Uint16(buf[i+10:])
		if total != 0xffff {
			return int(total), true
		}
		// zip64: the locator (20 bytes) precedes the record
		loc := size - tail + int64(i) - 20
		if loc < 0 {
			return 0, false
		}
		var l [20]byte
		if _, err := r.ReadAt(l[:], loc); err != nil || binary.LittleEndian.Uint32(l[:]) != 0x07064b50 {
			return 0, false
		}
		off := int64(binary.LittleEndian.Uint64(l[8:]))
		var rec [56]byte
		if off < 0 || off > size-56 {
			return 0, false
		}
		if _, err := r.ReadAt(rec[:], off); err != nil || binary.LittleEndian.Uint32(rec[:]) != 0x06064b50 {
			return 0, false
		}
		t := binary.LittleEndian.Uint64(rec[32:])
		if t > 1<<31 {
			return 1 << 31, true
		}
		return int(t), true
	}
	return 0, false
}

// Names returns the entry names in archive order.
func (a *Archive) Names() []string { return a.names }

// Has reports whether the archive holds an entry.
func (a *Archive) Has(name string) bool { _, ok := a.files[name]; return ok }

// ReadFile inflates one entry within the limits. Errors never name the
// entry (names may be PII); the caller knows which entry it asked for.
// A missing entry is an error wrapping fs.ErrNotExist.
func (a *Archive) ReadFile(name string) ([]byte, error) {
	f, ok := a.files[name]
	if !ok {
		return nil, fmt.Errorf("inception: zip: no such entry: %w", fs.ErrNotExist)
	}
	if a.OnRead != nil {
		defer a.OnRead()
	}
	if f.UncompressedSize64 > uint64(a.limits.MaxEntry) {
		return nil, fmt.Errorf("inception: %w (%d bytes declared, limit %d)", ErrEntryTooLarge, f.UncompressedSize64, a.limits.MaxEntry)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("inception: zip entry: %w", err)
	}
	defer rc.Close()
	max, limErr := a.limits.MaxEntry, ErrEntryTooLarge
	if rest := a.limits.MaxTotal - a.read; rest < max {
		max, limErr = rest, ErrArchiveTooLarge
	}
	var b bytes.Buffer
	if int64(f.UncompressedSize64) <= max {
		b.Grow(int(f.UncompressedSize64) + bytes.MinRead) // declared size, bounded
	}
	n, err := io.Copy(&b, io.LimitReader(rc, max+1))
	a.read += n
	if err != nil {
		return nil, fmt.Errorf("inception: zip entry: %w", err)
	}
	if n > max {
		lim := a.limits.MaxEntry
		if limErr == ErrArchiveTooLarge {
			lim = a.limits.MaxTotal
		}
		return nil, fmt.Errorf("inception: %w (limit %d)", limErr, lim)
	}
	return b.Bytes(), nil
}

// Open streams one entry (e.g. a JSON Lines file, whose lines the caller
// bounds): it is not held to MaxEntry, but what it inflates counts towards
// MaxTotal, and reading past that is ErrArchiveTooLarge.
func (a *Archive) Open(name string) (io.ReadCloser, error) {
	f, ok := a.files[name]
	if !ok {
		return nil, fmt.Errorf("inception: zip: no such entry: %w", fs.ErrNotExist)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("inception: zip entry: %w", err)
	}
	if a.OnRead != nil {
		a.OnRead()
	}
	return &totalReader{a: a, rc: rc}, nil
}

type totalReader struct {
	a  *Archive
	rc io.ReadCloser
}

func (t *totalReader) Read(p []byte) (int, error) {
	rest := t.a.limits.MaxTotal - t.a.read
	if rest <= 0 {
		return 0, fmt.Errorf("inception: %w (limit %d)", ErrArchiveTooLarge, t.a.limits.MaxTotal)
	}
	if int64(len(p)) > rest {
		p = p[:rest]
	}
	n, err := t.rc.Read(p)
	t.a.read += int64(n)
	return n, err
}

func (t *totalReader) Close() error { return t.rc.Close() }
