package qc

import (
	"encoding/binary"
	"errors"
	"sort"
)

// The spool's record codec: every field of a Doc, strings as their bytes
// (JSON would turn a file name that is not UTF-8 into U+FFFD), nil and
// empty slices and maps told apart (the report's JSON writes null and
// []). Lengths and integers are varints; a slice or map is its length
// plus one, 0 for nil. TestSpoolCodecFields fails when Doc, Flag or
// Suspect gain a field this codec does not know.

func appendDoc(b []byte, d *Doc) []byte {
	b = appendStr(b, d.Document)
	b = appendStr(b, d.State)
	b = appendStr(b, d.Source)
	b = binary.AppendVarint(b, int64(d.Length))
	b = binary.AppendVarint(b, int64(d.Spans))
	b = appendLen(b, d.Counts == nil, len(d.Counts))
	for _, k := range sortedKeys(d.Counts) {
		b = appendStr(b, k)
		b = binary.AppendVarint(b, int64(d.Counts[k]))
	}
	b = appendLen(b, d.Distinct == nil, len(d.Distinct))
	for _, k := range sortedKeys(d.Distinct) {
		b = appendStr(b, k)
		b = appendStrs(b, d.Distinct[k])
	}
	b = binary.AppendVarint(b, int64(d.DateBirths))
	b = appendLen(b, d.Flags == nil, len(d.Flags))
	for _, f := range d.Flags {
		b = appendStr(b, f.Kind)
		b = binary.AppendVarint(b, int64(f.Span))
		b = appendStr(b, f.Label)
		b = appendStr(b, f.Text)
		b = appendStr(b, f.Detail)
	}
	b = appendBool(b, d.PartOfCorpus)
	b = appendStrs(b, d.Reasons)
	b = appendBool(b, d.Readable)
	b = appendLen(b, d.Suspects == nil, len(d.Suspects))
	for _, s := range d.Suspects {
		b = binary.AppendVarint(b, int64(s.Begin))
		b = binary.AppendVarint(b, int64(s.End))
		b = appendStr(b, s.Kind)
		b = appendStr(b, s.Rule)
		b = appendStr(b, s.Text)
	}
	return appendStr(b, d.SuspectOffsets)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func appendStr(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendLen(b []byte, isNil bool, n int) []byte {
	if isNil {
		return append(b, 0)
	}
	return binary.AppendUvarint(b, uint64(n)+1)
}

func appendStrs(b []byte, ss []string) []byte {
	b = appendLen(b, ss == nil, len(ss))
	for _, s := range ss {
		b = appendStr(b, s)
	}
	return b
}

func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, 1)
	}
	return append(b, 0)
}

var errRecord = errors.New("qc: spool: malformed record")

// decoder reads a record; the first error sticks.
type decoder struct {
	b []byte // what is left to read
	// all is the whole record as one string, its strings substrings of
	// it: a report of many suspects holds hundreds of strings, and one
	// allocation instead of one each makes reading it back (once per
	// table of report.md) several times cheaper. A report is read back
	// for one write and let go; one that is kept keeps about what its
	// strings would.
	all string
	err error
}

func (r *decoder) fail() {
	if r.err == nil {
		r.err = errRecord
	}
	r.b = nil
}

func (r *decoder) int() int {
	v, n := binary.Varint(r.b)
	if n <= 0 || v != int64(int(v)) {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

func (r *decoder) uint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *decoder) str() string {
	n := r.uint()
	if n > uint64(len(r.b)) {
		r.fail()
		return ""
	}
	off := len(r.all) - len(r.b)
	r.b = r.b[n:]
	return r.all[off : off+int(n)]
}

// count returns a slice or map length and whether it is nil; a length
// the remaining bytes cannot hold is malformed.
func (r *decoder) count() (int, bool) {
	v := r.uint()
	if v == 0 {
		return 0, true
	}
	if v-1 > uint64(len(r.b)) {
		r.fail()
		return 0, true
	}
	return int(v - 1), false
}

func (r *decoder) strs() []string {
	n, isNil := r.count()
	if isNil {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = r.str()
	}
	return out
}

func (r *decoder) bool() bool {
	if len(r.b) == 0 || r.b[0] > 1 {
		r.fail()
		return false
	}
	v := r.b[0] == 1
	r.b = r.b[1:]
	return v
}

func readDoc(b []byte) (*Doc, error) {
	r := &decoder{b: b, all: string(b)}
	d := &Doc{Document: r.str(), State: r.str(), Source: r.str(), Length: r.int(), Spans: r.int()}
	if n, isNil := r.count(); !isNil {
		d.Counts = make(map[string]int, n)
		for i := 0; i < n; i++ {
			k := r.str()
			d.Counts[k] = r.int()
		}
	}
	if n, isNil := r.count(); !isNil {
		d.Distinct = make(map[string][]string, n)
		for i := 0; i < n; i++ {
			k := r.str()
			d.Distinct[k] = r.strs()
		}
	}
	d.DateBirths = r.int()
	if n, isNil := r.count(); !isNil {
		d.Flags = make([]Flag, n)
		for i := range d.Flags {
			d.Flags[i] = Flag{Kind: r.str(), Span: r.int(), Label: r.str(), Text: r.str(), Detail: r.str()}
		}
	}
	d.PartOfCorpus = r.bool()
	d.Reasons = r.strs()
	d.Readable = r.bool()
	if n, isNil := r.count(); !isNil {
		d.Suspects = make([]Suspect, n)
		for i := range d.Suspects {
			d.Suspects[i] = Suspect{Begin: r.int(), End: r.int(), Kind: r.str(), Rule: r.str(), Text: r.str()}
		}
	}
	d.SuspectOffsets = r.str()
	if r.err == nil && len(r.b) != 0 {
		r.err = errRecord
	}
	if r.err != nil {
		return nil, r.err
	}
	return d, nil
}
