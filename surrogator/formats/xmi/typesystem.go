package xmi

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/surrogator/surrogator/surrogator/cas"
)

// Built-in UIMA type names.
const (
	typeTOP            = "uima.cas.TOP"
	typeAnnotationBase = "uima.cas.AnnotationBase"
	typeDocAnnotation  = "uima.tcas.DocumentAnnotation"
	typeFSArray        = "uima.cas.FSArray"
	typeStringArray    = "uima.cas.StringArray"
	typeByteArray      = "uima.cas.ByteArray"
	typeString         = "uima.cas.String"
	typeBoolean        = "uima.cas.Boolean"
	typeFloat          = "uima.cas.Float"
	typeDouble         = "uima.cas.Double"
	typeInteger        = "uima.cas.Integer"
	featElements       = "elements"
	jsonElements       = "%ELEMENTS"
)

// primitive maps the primitive range types to their value class.
var primitive = map[string]valueClass{
	"uima.cas.String":  classString,
	"uima.cas.Boolean": classBool,
	"uima.cas.Byte":    classInt,
	"uima.cas.Short":   classInt,
	"uima.cas.Integer": classInt,
	"uima.cas.Long":    classInt,
	"uima.cas.Float":   classFloat,
	"uima.cas.Double":  classFloat,
}

type valueClass int

const (
	classString valueClass = iota
	classBool
	classInt
	classFloat
	classRef
)

// arrayElem maps the array types to the class of their elements.
var arrayElem = map[string]valueClass{
	"uima.cas.FSArray":      classRef,
	"uima.cas.StringArray":  classString,
	"uima.cas.BooleanArray": classBool,
	"uima.cas.ByteArray":    classInt,
	"uima.cas.ShortArray":   classInt,
	"uima.cas.IntegerArray": classInt,
	"uima.cas.LongArray":    classInt,
	"uima.cas.FloatArray":   classFloat,
	"uima.cas.DoubleArray":  classFloat,
}

// listKind describes one family of UIMA lists.
type listKind struct {
	list, empty, nonEmpty string
	elem                  valueClass
}

var listKinds = []listKind{
	{"uima.cas.FSList", "uima.cas.EmptyFSList", "uima.cas.NonEmptyFSList", classRef},
	{"uima.cas.IntegerList", "uima.cas.EmptyIntegerList", "uima.cas.NonEmptyIntegerList", classInt},
	{"uima.cas.FloatList", "uima.cas.EmptyFloatList", "uima.cas.NonEmptyFloatList", classFloat},
	{"uima.cas.StringList", "uima.cas.EmptyStringList", "uima.cas.NonEmptyStringList", classString},
}

func builtinTypes() []*cas.TypeDef {
	f := func(name, rng string) cas.FeatureDef { return cas.FeatureDef{Name: name, Range: rng} }
	ts := []*cas.TypeDef{
		{Name: typeTOP},
		{Name: cas.TypeSofa, Super: typeTOP, Features: []cas.FeatureDef{
			f("sofaNum", typeInteger), f("sofaID", typeString), f("mimeType", typeString),
			f("sofaArray", typeTOP), f("sofaString", typeString), f("sofaURI", typeString)}},
		{Name: typeAnnotationBase, Super: typeTOP, Features: []cas.FeatureDef{f("sofa", cas.TypeSofa)}},
		{Name: cas.TypeAnnotation, Super: typeAnnotationBase, Features: []cas.FeatureDef{
			f("begin", typeInteger), f("end", typeInteger)}},
		{Name: typeDocAnnotation, Super: cas.TypeAnnotation, Features: []cas.FeatureDef{f("language", typeString)}},
		{Name: "uima.cas.ArrayBase", Super: typeTOP},
	}
	for name := range arrayElem {
		ts = append(ts, &cas.TypeDef{Name: name, Super: "uima.cas.ArrayBase"})
	}
	for _, lk := range listKinds {
		head := typeTOP
		switch lk.elem {
		case classInt:
			head = typeInteger
		case classFloat:
			head = typeFloat
		case classString:
			head = typeString
		}
		ts = append(ts,
			&cas.TypeDef{Name: lk.list, Super: "uima.cas.ListBase"},
			&cas.TypeDef{Name: lk.empty, Super: lk.list},
			&cas.TypeDef{Name: lk.nonEmpty, Super: lk.list, Features: []cas.FeatureDef{
				f("head", head), f("tail", lk.list)}})
	}
	ts = append(ts, &cas.TypeDef{Name: "uima.cas.ListBase", Super: typeTOP})
	return ts
}

// typeSystem answers feature questions for a list of type definitions plus
// the built-in types.
type typeSystem struct {
	types map[string]*cas.TypeDef
}

func newTypeSystem(defs []*cas.TypeDef) *typeSystem {
	t := &typeSystem{types: map[string]*cas.TypeDef{}}
	for _, d := range builtinTypes() {
		t.types[d.Name] = d
	}
	for _, d := range defs {
		if d == nil {
			continue
		}
		if _, builtin := t.types[d.Name]; builtin && strings.HasPrefix(d.Name, "uima.cas.") {
			continue // the built-in definition is authoritative
		}
		t.types[d.Name] = normalizeType(d)
	}
	return t
}

// arrayOf maps primitive element types to their array type.
var arrayOf = map[string]string{
	"uima.cas.String":  "uima.cas.StringArray",
	"uima.cas.Boolean": "uima.cas.BooleanArray",
	"uima.cas.Byte":    "uima.cas.ByteArray",
	"uima.cas.Short":   "uima.cas.ShortArray",
	"uima.cas.Integer": "uima.cas.IntegerArray",
	"uima.cas.Long":    "uima.cas.LongArray",
	"uima.cas.Float":   "uima.cas.FloatArray",
	"uima.cas.Double":  "uima.cas.DoubleArray",
}

// normalizeFeature rewrites the JSON CAS array notation "Elem[]" of a
// range to the UIMA array type (uima.cas.FSArray with element type Elem).
func normalizeFeature(fd cas.FeatureDef) cas.FeatureDef {
	elem, ok := strings.CutSuffix(fd.Range, "[]")
	if !ok {
		return fd
	}
	if a, prim := arrayOf[elem]; prim {
		fd.Range = a
	} else {
		fd.Range = typeFSArray
		if fd.ElementType == "" {
			fd.ElementType = elem
		}
	}
	return fd
}

// normalizeType returns d, or a copy of it with normalised feature ranges.
func normalizeType(d *cas.TypeDef) *cas.TypeDef {
	for i, fd := range d.Features {
		if strings.HasSuffix(fd.Range, "[]") {
			n := *d
			n.Features = append([]cas.FeatureDef(nil), d.Features...)
			for j := i; j < len(n.Features); j++ {
				n.Features[j] = normalizeFeature(n.Features[j])
			}
			return &n
		}
	}
	return d
}

func (t *typeSystem) known(typ string) bool { return t.types[typ] != nil }

// feature finds the named feature of typ or one of its super types.
func (t *typeSystem) feature(typ, name string) (cas.FeatureDef, bool) {
	for i := 0; i < 64 && typ != ""; i++ {
		d := t.types[typ]
		if d == nil {
			break
		}
		for _, f := range d.Features {
			if f.Name == name {
				return f, true
			}
		}
		typ = d.Super
	}
	return cas.FeatureDef{}, false
}

// isA reports whether typ is super or a subtype of it.
func (t *typeSystem) isA(typ, super string) bool {
	for i := 0; i < 64 && typ != ""; i++ {
		if typ == super {
			return true
		}
		d := t.types[typ]
		if d == nil {
			return false
		}
		typ = d.Super
	}
	return false
}

// primitiveClass returns the value class of a primitive range (string
// subtypes with allowed values count as strings).
func (t *typeSystem) primitiveClass(rng string) (valueClass, bool) {
	if c, ok := primitive[rng]; ok {
		return c, true
	}
	if rng != "" && t.isA(rng, typeString) {
		return classString, true
	}
	return 0, false
}

// arrayClass reports whether typ is an array type and its element class.
func arrayClass(typ string) (valueClass, bool) {
	c, ok := arrayElem[typ]
	return c, ok
}

// listFamily returns the list family typ (a list, empty or non-empty list
// type) belongs to.
func listFamily(typ string) (listKind, bool) {
	for _, lk := range listKinds {
		if typ == lk.list || typ == lk.empty || typ == lk.nonEmpty {
			return lk, true
		}
	}
	return listKind{}, false
}

// ReadTypeSystem reads a UIMA type system description (TypeSystem.xml).
// Imports are not followed; string subtypes keep their super type.
func ReadTypeSystem(r io.Reader) ([]*cas.TypeDef, error) {
	var doc struct {
		XMLName xml.Name `xml:"typeSystemDescription"`
		Types   []struct {
			Name     string `xml:"name"`
			Super    string `xml:"supertypeName"`
			Features []struct {
				Name     string `xml:"name"`
				Range    string `xml:"rangeTypeName"`
				Elem     string `xml:"elementType"`
				Multiple string `xml:"multipleReferencesAllowed"`
			} `xml:"features>featureDescription"`
		} `xml:"types>typeDescription"`
	}
	dec := xml.NewDecoder(r)
	if err := dec.Decode(&doc); err != nil {
		line, _ := dec.InputPos()
		return nil, fmt.Errorf("xmi: type system: line %d: %w", line, err)
	}
	seen := map[string]bool{}
	out := make([]*cas.TypeDef, 0, len(doc.Types))
	for i, td := range doc.Types {
		name := strings.TrimSpace(td.Name)
		if name == "" {
			return nil, fmt.Errorf("xmi: type system: typeDescription %d has no name", i+1)
		}
		if seen[name] {
			return nil, fmt.Errorf("xmi: type system: type %s defined twice", name)
		}
		seen[name] = true
		def := &cas.TypeDef{Name: name, Super: strings.TrimSpace(td.Super)}
		if def.Super == "" {
			def.Super = typeTOP
		}
		for j, fd := range td.Features {
			fname := strings.TrimSpace(fd.Name)
			if fname == "" {
				return nil, fmt.Errorf("xmi: type system: type %s: featureDescription %d has no name", name, j+1)
			}
			multiple := strings.TrimSpace(fd.Multiple)
			def.Features = append(def.Features, cas.FeatureDef{
				Name:                      fname,
				Range:                     strings.TrimSpace(fd.Range),
				ElementType:               strings.TrimSpace(fd.Elem),
				MultipleReferencesAllowed: multiple == "true",
			})
		}
		out = append(out, def)
	}
	return out, nil
}
