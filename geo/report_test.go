package geo

import (
	"bytes"
	"errors"
	"reflect"
	"testing"
)

// reportPack is smallPack with a pool report.
func reportPack(t *testing.T, rows []PoolCount) []byte {
	t.Helper()
	b := NewBuilder()
	b.SetMeta("source", "fixture")
	b.AddArea(AreaInput{Name: "Helgoland", Level: 8, Parent: NoArea, Flags: FlagMunicipality, Label: PointDeg(54.18, 7.88)})
	b.AddPoolEntry(PoolHealthcare, PoolEntry{Name: "Paracelsus-Nordseeklinik", Category: "amenity=hospital",
		Loc: PointDeg(54.18, 7.89), Municipality: 0})
	b.SetPoolReport(rows)
	var buf bytes.Buffer
	if _, err := b.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestPoolReport: rows are merged, sorted and read back; a pack without
// the section (format 1.0) reports none and still opens.
func TestPoolReport(t *testing.T) {
	data := reportPack(t, []PoolCount{
		{Pool: PoolOther, Kept: false, Class: "unknown", Reason: "parking", Count: 3},
		{Pool: PoolHealthcare, Kept: true, Class: "hospital", Count: 1},
		{Pool: PoolOther, Kept: false, Class: "unknown", Reason: "parking", Count: 2},
		{Pool: PoolHealthcare, Kept: false, Class: "practice", Reason: "person", Count: 4},
		{Pool: PoolHealthcare, Kept: true, Class: "practice", Reason: "person-removed", Count: 1},
	})
	p, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	got, ok := p.PoolReport()
	want := []PoolCount{
		{Pool: PoolHealthcare, Kept: true, Class: "hospital", Count: 1},
		{Pool: PoolHealthcare, Kept: true, Class: "practice", Reason: "person-removed", Count: 1},
		{Pool: PoolHealthcare, Kept: false, Class: "practice", Reason: "person", Count: 4},
		{Pool: PoolOther, Kept: false, Class: "unknown", Reason: "parking", Count: 5},
	}
	if !ok || !reflect.DeepEqual(got, want) || p.Info().Version != "1.1" {
		t.Errorf("PoolReport = %+v %v (version %s)", got, ok, p.Info().Version)
	}
	// a 1.0 pack (no section 35) and a newer minor both open
	old := smallPack(t)
	for _, minor := range []uint16{0, 9} {
		b := append([]byte(nil), old...)
		le.PutUint16(b[offMinor:], minor)
		fixCRC(b)
		p, err := Parse(b)
		if err != nil {
			t.Fatalf("minor %d: %v", minor, err)
		}
		if rows, ok := p.PoolReport(); ok || rows != nil {
			t.Errorf("minor %d: report %v", minor, rows)
		}
	}
	// an older major is refused with a clear message
	b := append([]byte(nil), old...)
	le.PutUint16(b[offMajor:], 0)
	fixCRC(b)
	if _, err := Parse(b); !errors.Is(err, ErrFormat) {
		t.Errorf("major 0: %v", err)
	}
	if _, err := Parse(reportPack(t, nil)); err != nil {
		t.Error(err)
	}
	if err := NewBuilder().encodeReportErr([]PoolCount{{Pool: NumPools, Count: 1}}); err == nil {
		t.Error("row of pool 3 accepted")
	}
	if err := NewBuilder().encodeReportErr([]PoolCount{{Pool: 0, Count: -1}}); err == nil {
		t.Error("negative count accepted")
	}
}

func (b *Builder) encodeReportErr(rows []PoolCount) error {
	b.SetPoolReport(rows)
	_, err := b.encodeReport()
	return err
}

// TestPoolReportRejected: a hostile section (count, size, pool, kept flag,
// string index out of range) is refused with ErrFormat, never a panic.
func TestPoolReportRejected(t *testing.T) {
	data := reportPack(t, []PoolCount{{Pool: PoolHealthcare, Kept: true, Class: "hospital", Count: 1}})
	sec := findSection(t, data, secPoolReport)
	for name, corrupt := range map[string]func(b []byte){
		"count":  func(b []byte) { le.PutUint32(b[sec:], 2) },
		"huge":   func(b []byte) { le.PutUint32(b[sec:], 1<<31) },
		"pool":   func(b []byte) { le.PutUint32(b[sec+4:], 3) },
		"kept":   func(b []byte) { le.PutUint32(b[sec+8:], 2) },
		"class":  func(b []byte) { le.PutUint32(b[sec+12:], 1<<30) },
		"reason": func(b []byte) { le.PutUint32(b[sec+16:], 1<<30) },
		"length": func(b []byte) {
			d := dirEntryOf(t, b, secPoolReport)
			le.PutUint64(b[d+16:], 3)
		},
	} {
		b := append([]byte(nil), data...)
		corrupt(b)
		fixCRC(b)
		if _, err := Parse(b); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
