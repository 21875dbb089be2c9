// Package strtab is the interned string table shared by the pack builder,
// the OSM collector and the synthetic PBF writer: index 0 is always "",
// other strings get consecutive indices in first-seen order.
package strtab

// Table interns strings. The zero value is not ready: use New.
type Table struct {
	strs []string
	idx  map[string]uint32
}

// New returns a table holding only "".
func New() *Table {
	return &Table{strs: []string{""}, idx: map[string]uint32{"": 0}}
}

// Intern returns the index of s, adding it when new.
func (t *Table) Intern(s string) uint32 {
	if i, ok := t.idx[s]; ok {
		return i
	}
	i := uint32(len(t.strs))
	t.strs = append(t.strs, s)
	t.idx[s] = i
	return i
}

// Index returns the index of s, or 0 ("") when s was never interned.
func (t *Table) Index(s string) uint32 { return t.idx[s] }

// At returns the string at index i.
func (t *Table) At(i uint32) string { return t.strs[i] }

// Strings returns the table in index order (shared, do not modify).
func (t *Table) Strings() []string { return t.strs }

// Len is the number of strings including "".
func (t *Table) Len() int { return len(t.strs) }

// Reset empties the table back to only "", keeping its memory.
func (t *Table) Reset() {
	clear(t.idx)
	t.strs = append(t.strs[:0], "")
	t.idx[""] = 0
}
