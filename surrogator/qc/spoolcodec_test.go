package qc

import (
	"reflect"
	"testing"
)

// TestSpoolCodecFields: the record codec writes every field; a new field
// of Doc, Flag or Suspect must be added to appendDoc and readDoc.
func TestSpoolCodecFields(t *testing.T) {
	for typ, n := range map[reflect.Type]int{reflect.TypeOf(Doc{}): 14, reflect.TypeOf(Flag{}): 5, reflect.TypeOf(Suspect{}): 5} {
		if typ.NumField() != n {
			t.Errorf("%s has %d fields, the spool codec knows %d: update appendDoc and readDoc", typ, typ.NumField(), n)
		}
	}
}

var codecDocs = []*Doc{
	{},
	{Document: "M\xfcller.txt", Source: "dir/M\xfcller.txt", Counts: map[string]int{}, Distinct: map[string][]string{}, Flags: []Flag{}, Suspects: []Suspect{}, Reasons: []string{}},
	{Document: "a.txt", State: "CURATION_FINISHED", Source: "x.zip", Length: 1234, Spans: 7, Counts: map[string]int{"NAME_PATIENT": 3, "WRONG:x": 1, "AGE": -1},
		Distinct: map[string][]string{"NAME_PATIENT": {"Albers", "Beate Albers"}, "AGE": nil, "DATE": {}}, DateBirths: 2,
		Flags:        []Flag{{Kind: FlagAge, Span: 3, Label: "AGE", Text: "93", Detail: "age 93 > 89"}, {Kind: FlagDateBirthCount, Span: -1}},
		PartOfCorpus: true, Reasons: []string{"contains OTHER annotations"}, Readable: true,
		Suspects: []Suspect{{Begin: -1, End: 1 << 40, Kind: "NAME", Rule: "r", Text: "Quasten\x00bichler"}}, SuspectOffsets: OffsetsUTF16},
}

// TestSpoolCodecRoundTrip: every report reads back as it was written,
// byte for byte, nil and empty apart.
func TestSpoolCodecRoundTrip(t *testing.T) {
	for i, d := range codecDocs {
		got, err := readDoc(appendDoc(nil, d))
		if err != nil || !reflect.DeepEqual(got, d) {
			t.Errorf("doc %d: %+v %v, want %+v", i, got, err, d)
		}
	}
	b := appendDoc(nil, codecDocs[2])
	for n := 0; n < len(b); n++ {
		if _, err := readDoc(b[:n]); err == nil {
			t.Fatalf("a record cut to %d of %d bytes was read", n, len(b))
		}
	}
	if _, err := readDoc(append(b, 0)); err == nil {
		t.Fatal("a record with trailing bytes was read")
	}
}

// FuzzSpoolRecord: any bytes decode without a panic, and what decodes
// encodes to a record that decodes to the same report.
func FuzzSpoolRecord(f *testing.F) {
	for _, d := range codecDocs {
		f.Add(appendDoc(nil, d))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := readDoc(b)
		if err != nil {
			return
		}
		again, err := readDoc(appendDoc(nil, d))
		if err != nil || !reflect.DeepEqual(again, d) {
			t.Fatalf("%q: %+v, again %+v %v", b, d, again, err)
		}
	})
}
