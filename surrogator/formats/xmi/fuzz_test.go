package xmi

import (
	"bytes"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/cas"
)

// FuzzRead checks that Read never panics and that whatever it accepts can
// be written and read again, with a stable second write.
func FuzzRead(f *testing.F) {
	f.Add([]byte(fixtureXMI), false)
	f.Add([]byte(fixtureXMI), true)
	f.Add([]byte(`<xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmlns:cas="http:///uima/cas.ecore"><cas:Sofa xmi:id="1" sofaNum="1" sofaID="_InitialView" sofaString="a"/></xmi:XMI>`), false)
	ts, err := ReadTypeSystem(strings.NewReader(fixtureTS))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte, withTS bool) {
		var types []*cas.TypeDef
		if withTS {
			types = ts
		}
		c, err := Read(data, types)
		if err != nil {
			return
		}
		if _, err := cas.Extract(c, cas.PHIConfig{}); err != nil {
			if c.View(cas.InitialView) != nil || c.CountSofas() == 1 {
				// Read validated the offsets of every annotation
				if !strings.Contains(err.Error(), "no sofaString") && !strings.Contains(err.Error(), "not a string") {
					t.Fatalf("extract after successful read: %v", err)
				}
			}
		}
		var first bytes.Buffer
		if err := Write(&first, c); err != nil {
			return // e.g. names XML cannot carry; must not panic
		}
		back, err := Read(first.Bytes(), c.Types)
		if err != nil {
			t.Fatalf("reading written XMI: %v\n%s", err, first.Bytes())
		}
		var second bytes.Buffer
		if err := Write(&second, back); err != nil {
			t.Fatalf("second write: %v", err)
		}
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Fatalf("second write differs:\n%s\n---\n%s", first.Bytes(), second.Bytes())
		}
	})
}
