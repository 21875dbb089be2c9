package audit

import (
	"os"
	"path/filepath"
	"testing"
)

func TestOriginalsFromMappingAndDir(t *testing.T) {
	nested := `{"a.txt":{"filename_orig":"a.txt","docid":"doc-1","annotations":{"NAME_PATIENT":{"Koch":"Albers"},"DATE":{"1.1.2000":"2.2.2001"},"LOCATION_CITY":{"Jena":"Leipzig"}}}}`
	flat := `{"p-**-a.txt-**-NAME_PATIENT-**-Koch":"Albers","p-**-a.txt-**-DATE-**-x":"2.2.2001"}`
	g, err := OriginalsFromMapping([]byte(nested))
	if err != nil || len(g[""]) != 2 {
		t.Fatalf("nested: %v %v", err, g)
	}
	g2, err := OriginalsFromMapping([]byte(flat))
	if err != nil || len(g2["p"]) != 1 || g2["p"][0] != "Albers" {
		t.Fatalf("flat: %v %v", err, g2)
	}
	if _, err := OriginalsFromMapping([]byte(`{"bad-key":"x"}`)); err == nil {
		t.Fatal("malformed flat key accepted")
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "ok.txt"), []byte("Frau Koch aus Jena, 2.2.2001"), 0o644)
	os.WriteFile(filepath.Join(dir, "leak.txt"), []byte("Frau ALBERS aus\nLeipzig"), 0o644)
	m := NewMatcher()
	for _, o := range g[""] {
		m.Add(o)
	}
	f, n, err := Dir(dir, m)
	if err != nil || n != 2 || len(f) != 1 || filepath.Base(f[0].File) != "leak.txt" || f[0].Hits != 2 {
		t.Fatalf("%v %d %+v", err, n, f)
	}
}
