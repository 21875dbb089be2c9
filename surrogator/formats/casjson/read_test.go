package casjson_test

import (
	"testing"

	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// TestViewMembersRoom: the room ReadCAS makes for view members (as many
// as the feature structures no view listed yet) leaves what it reads as
// the legacy reader reads it: an empty %MEMBERS is nil, the members in
// order, views before and after the feature structures.
func TestViewMembersRoom(t *testing.T) {
	fs := `"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"ab"},{"%ID":2,"%TYPE":"a.T","begin":0,"end":1},` +
		`{"%ID":3,"%TYPE":"a.T","begin":1,"end":2}]`
	for _, data := range []string{
		`{` + fs + `,"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[]}}}`,
		`{` + fs + `,"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[2,3]},"v":{"%SOFA":1,"%MEMBERS":[]}}}`,
		`{` + fs + `,"%VIEWS":{"v":{"%SOFA":1,"%MEMBERS":[]},"_InitialView":{"%SOFA":1,"%MEMBERS":[3,2,3]},"w":{"%SOFA":1,"%MEMBERS":[2]}}}`,
		`{"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[2,3]},"v":{"%SOFA":1,"%MEMBERS":[]}},` + fs + `}`,
		`{` + fs + `,"%VIEWS":{"_InitialView":{"%SOFA":1}}}`,
	} {
		old, errOld := legacyRead([]byte(data))
		c, err := casjson.ReadCAS([]byte(data))
		if (errOld == nil) != (err == nil) {
			t.Fatalf("%s: error %v, legacy %v", data, err, errOld)
		}
		if err == nil {
			if d := sameCAS(old, c); d != "" {
				t.Fatalf("%s: decoded otherwise than by the legacy reader: %s", data, d)
			}
		}
	}
}
