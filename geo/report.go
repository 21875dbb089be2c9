package geo

import (
	"fmt"
	"sort"
)

// PoolCount is one row of a pack's pool report (section 35, FORMAT.md
// "Pool report"): how many candidate names of one pool and class the
// build kept, or dropped for one reason.
type PoolCount struct {
	Pool PoolKind
	// Kept is true for entries written to the pool; Reason is then "" or
	// the edit made to the name ("person-removed"). For dropped entries
	// Reason names the cleaning rule ("person", "parking", …).
	Kept   bool
	Class  string // the labeller's class name ("hospital"), "" when unknown
	Reason string
	Count  int
}

// maxReportRows bounds the pool report (pools × classes × reasons).
const maxReportRows = 1 << 16

// SortPoolReport orders rows as a pack stores them: by pool, kept before
// dropped, class, reason.
func SortPoolReport(rows []PoolCount) {
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.Pool != b.Pool {
			return a.Pool < b.Pool
		}
		if a.Kept != b.Kept {
			return a.Kept
		}
		if a.Class != b.Class {
			return a.Class < b.Class
		}
		return a.Reason < b.Reason
	})
}

// SetPoolReport records the pool report written to section 35 (nil or
// empty: no section). Rows are merged by (pool, kept, class, reason) and
// sorted.
func (b *Builder) SetPoolReport(rows []PoolCount) { b.report = rows }

// encodeReport returns the pool-report section (nil when rows is empty),
// interning its strings into b's table (called before the strings section
// is written).
func (b *Builder) encodeReport() ([]byte, error) {
	if len(b.report) == 0 {
		return nil, nil
	}
	merged := map[PoolCount]int{}
	for _, r := range b.report {
		if r.Pool >= NumPools || r.Count < 0 || r.Count > 1<<32-1 {
			return nil, fmt.Errorf("geo: pool report: bad row %+v", r)
		}
		c := r.Count
		r.Count = 0
		merged[r] += c
	}
	rows := make([]PoolCount, 0, len(merged))
	for r, c := range merged {
		if c > 1<<32-1 {
			return nil, fmt.Errorf("geo: pool report: count %d", c)
		}
		r.Count = c
		rows = append(rows, r)
	}
	if len(rows) > maxReportRows {
		return nil, fmt.Errorf("geo: pool report: %d rows", len(rows))
	}
	SortPoolReport(rows)
	out := make([]byte, 0, 4+reportRecordSize*len(rows))
	out = le32(out, uint32(len(rows)))
	for _, r := range rows {
		kept := uint32(0)
		if r.Kept {
			kept = 1
		}
		out = le32(le32(le32(le32(le32(out, uint32(r.Pool)), kept), b.intern(r.Class)), b.intern(r.Reason)), uint32(r.Count))
	}
	return out, nil
}

// parseReport validates the pool-report section.
func (r *raw) parseReport(s []byte) error {
	if len(s) < 4 {
		return formatErr("pool report size")
	}
	n := uint64(le.Uint32(s))
	if n > maxReportRows || uint64(len(s)-4) != n*reportRecordSize {
		return formatErr("pool report size")
	}
	recs := s[4:]
	for i := 0; i < len(recs); i += reportRecordSize {
		rec := recs[i:]
		if le.Uint32(rec) >= uint32(NumPools) || le.Uint32(rec[4:]) > 1 ||
			le.Uint32(rec[8:]) >= r.nStrings || le.Uint32(rec[12:]) >= r.nStrings {
			return formatErr("pool report row %d", i/reportRecordSize)
		}
	}
	r.report = recs
	return nil
}

// PoolReport returns what the build kept and dropped per pool, class and
// reason; ok is false for packs without the section (format 1.0, or
// written by other tools).
func (p *Pack) PoolReport() (rows []PoolCount, ok bool) {
	recs := p.r.report
	if recs == nil {
		return nil, false
	}
	rows = make([]PoolCount, 0, len(recs)/reportRecordSize)
	for i := 0; i+reportRecordSize <= len(recs); i += reportRecordSize {
		rec := recs[i:]
		rows = append(rows, PoolCount{
			Pool: PoolKind(le.Uint32(rec)), Kept: le.Uint32(rec[4:]) == 1,
			Class: p.r.str(le.Uint32(rec[8:])), Reason: p.r.str(le.Uint32(rec[12:])),
			Count: int(le.Uint32(rec[16:])),
		})
	}
	return rows, true
}
