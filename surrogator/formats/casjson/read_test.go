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

// viewMemberCases are %MEMBERS lists that scanner.plainInt reads, or
// leaves to the full way at some element.
var viewMemberCases = []string{
	`[2, 3]`, `[2,3]`, "[ 2 ,\n\t3 ]", `[]`, `[ ]`, `[0]`, `[3, 2, 3]`, `[999999999]`,
	`[1000000000]`, `[12345678901234567890]`, `[2, 03]`, `[2, 00]`, `[-2]`, `[-0]`, `[2.0]`, `[2e0]`, `[2E1]`,
	`[2.]`, `[2e]`, `[2, 3,]`, `[2 3]`, `[2, "3"]`, `[2, null]`, `[2, [3]]`, `[2, {"a": 3}]`, `[2, 3`, `[2, 3}`,
	`[2, 3x]`, `[2,-3]`, `[2, +3]`, `[0x2]`, `[2, 3] `, `"[2, 3]"`, `2`, `[2, 4]`, `[2, 3, 3]`,
}

// TestViewMembers: every %MEMBERS list is read as it is read the full way
// (the same CAS or the same error), and as the legacy reader reads it.
func TestViewMembers(t *testing.T) {
	rd := casjson.NewReader()
	for _, m := range viewMemberCases {
		data := viewDoc(m)
		sameAsGeneral(t, rd, data)
		old, errOld := legacyRead(data)
		c, err := rd.ReadCAS(data)
		if (errOld == nil) != (err == nil) || errClass(errOld) != errClass(err) {
			t.Fatalf("%s: error %v, legacy %v", m, err, errOld)
		}
		if err == nil {
			if d := sameCAS(old, c); d != "" {
				t.Fatalf("%s: decoded otherwise than by the legacy reader: %s", m, d)
			}
		}
	}
}

// viewDoc is a document of three feature structures whose initial view
// has the %MEMBERS list m.
func viewDoc(m string) []byte {
	return []byte(`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"ab"},{"%ID":2,"%TYPE":"a.T","begin":0,"end":1},` +
		`{"%ID":3,"%TYPE":"a.T","begin":1,"end":2}],"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":` + m + `}}}`)
}
