package xmi

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/cas"
)

// Write encodes c as XMI. Feature order is kept; sofas are written first,
// views last. Array and list feature structures referenced by features that
// do not allow multiple references are written inline (and not as elements
// of their own unless something else refers to them).
func Write(w io.Writer, c *cas.CAS) error {
	wr := &writer{ts: newTypeSystem(c.Types), c: c, byID: make(map[int]*cas.FS, len(c.FS))}
	for _, f := range c.FS {
		if _, dup := wr.byID[f.ID]; dup {
			return fmt.Errorf("xmi: write: duplicate feature structure id %d", f.ID)
		}
		if f.ID <= 0 {
			return fmt.Errorf("xmi: write: %s: feature structure id %d is not positive", cas.ShortName(f.Type), f.ID)
		}
		wr.byID[f.ID] = f
	}
	wr.planInline()
	if err := wr.namespaces(); err != nil {
		return err
	}
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<xmi:XMI")
	for _, p := range wr.prefixOrder {
		if err := attr(&b, "xmlns:"+p, wr.prefixURL[p]); err != nil {
			return fmt.Errorf("xmi: write: namespace of prefix %s: %w", p, err)
		}
	}
	b.WriteString(" xmi:version=\"2.0\">\n  <cas:NULL xmi:id=\"0\"/>\n")
	// sofas first: readers may need a sofa before the annotations on it
	for pass := 0; pass < 2; pass++ {
		for _, f := range c.FS {
			if (f.Type == cas.TypeSofa) != (pass == 0) || !wr.emit(f.ID) {
				continue
			}
			if err := wr.fs(&b, f); err != nil {
				return err
			}
		}
	}
	for _, v := range c.Views {
		sofa := v.Sofa
		if wr.byID[sofa] == nil || wr.byID[sofa].Type != cas.TypeSofa {
			sofa = 0
			for _, f := range c.FS {
				if f.Type == cas.TypeSofa && f.String("sofaID") == v.Name {
					sofa = f.ID
				}
			}
			if sofa == 0 {
				return fmt.Errorf("xmi: write: view %q has no sofa", v.Name)
			}
		}
		fmt.Fprintf(&b, "  <cas:View sofa=\"%d\" members=\"", sofa)
		for i, m := range v.Members {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(m))
		}
		b.WriteString("\"/>\n")
	}
	b.WriteString("</xmi:XMI>\n")
	bw := bufio.NewWriter(w)
	if _, err := bw.Write(b.Bytes()); err != nil {
		return fmt.Errorf("xmi: write: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("xmi: write: %w", err)
	}
	return nil
}

type writer struct {
	ts   *typeSystem
	c    *cas.CAS
	byID map[int]*cas.FS
	// inlined holds arrays and list nodes written inline; keep those
	// that must nevertheless be elements of their own.
	inlined map[int]bool
	keep    map[int]bool
	// prefix maps a namespace URL to its prefix.
	prefix      map[string]string
	prefixURL   map[string]string
	prefixOrder []string
}

func (wr *writer) emit(id int) bool { return !wr.inlined[id] || wr.keep[id] }

// inlineFeature reports whether the reference feature name of f is written
// inline: its range is an array or list type that does not allow multiple
// references.
func (wr *writer) inlineFeature(f *cas.FS, name string) bool {
	if _, isList := listFamily(f.Type); isList {
		return false // list nodes refer to their tail by id
	}
	fd, ok := wr.ts.feature(f.Type, name)
	if !ok || fd.MultipleReferencesAllowed {
		return false
	}
	_, isArray := arrayClass(fd.Range)
	_, isList := listFamily(fd.Range)
	return isArray || isList
}

func (wr *writer) planInline() {
	wr.inlined, wr.keep = map[int]bool{}, map[int]bool{}
	for _, v := range wr.c.Views {
		for _, m := range v.Members {
			wr.keep[m] = true
		}
	}
	for _, f := range wr.c.FS {
		for _, ft := range f.Features {
			if !ft.Ref {
				if ft.Name == jsonElements && f.Type == typeFSArray {
					var ids []*int
					_ = json.Unmarshal(ft.Value, &ids)
					for _, id := range ids {
						if id != nil {
							wr.keep[*id] = true
						}
					}
				}
				continue
			}
			if _, isList := listFamily(f.Type); isList && ft.Name == "tail" {
				continue // settled below
			}
			id, err := strconv.Atoi(string(ft.Value))
			if err != nil {
				var ids []int
				_ = json.Unmarshal(ft.Value, &ids)
				for _, id := range ids {
					wr.keep[id] = true
				}
				continue
			}
			t := wr.byID[id]
			if t == nil {
				continue
			}
			if !wr.inlineFeature(f, ft.Name) {
				wr.keep[id] = true
				continue
			}
			if _, ok := arrayClass(t.Type); ok {
				wr.inlined[id] = true
				continue
			}
			if nodes, ok := wr.listNodes(t); ok {
				for _, n := range nodes {
					wr.inlined[n.ID] = true
				}
			} else {
				wr.keep[id] = true
			}
		}
	}
	// a list node written as an element needs every node after it
	for _, f := range wr.c.FS {
		if _, isList := listFamily(f.Type); !isList || !wr.emit(f.ID) {
			continue
		}
		if nodes, ok := wr.listNodes(f); ok {
			for _, n := range nodes {
				wr.keep[n.ID] = true
			}
			continue
		}
		// broken or cyclic chain: keep every node it reaches
		for cur, seen := f, map[int]bool{}; cur != nil && !seen[cur.ID]; {
			seen[cur.ID] = true
			wr.keep[cur.ID] = true
			next, ok := cur.RefID("tail")
			if !ok {
				break
			}
			cur = wr.byID[next]
		}
	}
}

// listNodes returns the nodes of the list starting at f, the empty list at
// the end included; false for a broken or cyclic chain.
func (wr *writer) listNodes(f *cas.FS) ([]*cas.FS, bool) {
	lk, ok := listFamily(f.Type)
	if !ok {
		return nil, false
	}
	seen := map[int]bool{}
	var nodes []*cas.FS
	for cur := f; ; {
		if seen[cur.ID] {
			return nil, false
		}
		seen[cur.ID] = true
		nodes = append(nodes, cur)
		if cur.Type == lk.empty {
			return nodes, true
		}
		if cur.Type != lk.nonEmpty {
			return nil, false
		}
		next, ok := cur.RefID("tail")
		if !ok || wr.byID[next] == nil {
			return nil, false
		}
		cur = wr.byID[next]
	}
}

func (wr *writer) namespaces() error {
	wr.prefix = map[string]string{nsXMI: "xmi", nsCAS: "cas"}
	wr.prefixURL = map[string]string{"xmi": nsXMI, "cas": nsCAS}
	wr.prefixOrder = []string{"xmi", "cas"}
	var urls []string
	seen := map[string]bool{}
	for _, f := range wr.c.FS {
		if !wr.emit(f.ID) {
			continue
		}
		url, local, base := namespaceOf(f.Type)
		if !isNCName(local) || !validPackage(f.Type) {
			return fmt.Errorf("xmi: write: feature structure %d: type %q is not a valid XML element name", f.ID, clip(f.Type))
		}
		if !seen[url] {
			seen[url] = true
			urls = append(urls, url+"\x00"+base)
		}
	}
	for _, u := range urls {
		url, base, _ := strings.Cut(u, "\x00")
		if _, ok := wr.prefix[url]; ok {
			continue
		}
		if !isNCName(base) || strings.HasPrefix(strings.ToLower(base), "xml") {
			base = "ns"
		}
		p := base
		for n := 2; wr.prefixURL[p] != ""; n++ {
			p = base + strconv.Itoa(n)
		}
		wr.prefix[url] = p
		wr.prefixURL[p] = url
		wr.prefixOrder = append(wr.prefixOrder, p)
	}
	return nil
}

// validPackage reports whether the package part of a type name has no
// empty segment (and, containing no slash, maps to a namespace and back).
func validPackage(typ string) bool {
	i := strings.LastIndexByte(typ, '.')
	if i < 0 {
		return true
	}
	for _, seg := range strings.Split(typ[:i], ".") {
		if seg == "" || strings.Contains(seg, "/") {
			return false
		}
	}
	return true
}

// namespaceOf returns the namespace URL, the local element name and the
// preferred prefix of a type.
func namespaceOf(typ string) (url, local, prefix string) {
	i := strings.LastIndexByte(typ, '.')
	if i < 0 {
		return nsPrefix + noNamespace + nsSuffix, typ, "noNamespace"
	}
	pkg := typ[:i]
	prefix = pkg
	if j := strings.LastIndexByte(pkg, '.'); j >= 0 {
		prefix = pkg[j+1:]
	}
	return nsPrefix + strings.ReplaceAll(pkg, ".", "/") + nsSuffix, typ[i+1:], prefix
}

func (wr *writer) fs(b *bytes.Buffer, f *cas.FS) error {
	url, local, _ := namespaceOf(f.Type)
	fmt.Fprintf(b, "  <%s:%s xmi:id=\"%d\"", wr.prefix[url], local, f.ID)
	var children bytes.Buffer
	fail := func(name string, err error) error {
		return fmt.Errorf("xmi: write: %s %d: feature %s: %w", cas.ShortName(f.Type), f.ID, clip(name), err)
	}
	if cls, ok := arrayClass(f.Type); ok {
		if ft, ok := f.Get(jsonElements); ok {
			if err := wr.arrayValue(b, &children, featElements, f.Type, cls, ft.Value); err != nil {
				return fail(featElements, err)
			}
		}
	} else {
		for _, ft := range f.Features {
			name := strings.TrimPrefix(ft.Name, "#")
			if strings.HasPrefix(name, "%") {
				continue // reserved JSON keys carry no XMI feature
			}
			if !isNCName(name) {
				return fail(name, errors.New("not a valid XML attribute name"))
			}
			if err := wr.feature(b, &children, f, name, ft); err != nil {
				return fail(name, err)
			}
		}
	}
	if children.Len() == 0 {
		b.WriteString("/>\n")
		return nil
	}
	b.WriteString(">\n")
	b.Write(children.Bytes())
	fmt.Fprintf(b, "  </%s:%s>\n", wr.prefix[url], local)
	return nil
}

func (wr *writer) feature(b, children *bytes.Buffer, f *cas.FS, name string, ft cas.Feature) error {
	raw := bytes.TrimSpace(ft.Value)
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	if ft.Ref {
		if raw[0] == '[' {
			var ids []*int
			if err := json.Unmarshal(raw, &ids); err != nil {
				return errors.New("reference list is not a list of ids")
			}
			return attr(b, name, joinIDs(ids))
		}
		id, err := strconv.Atoi(string(raw))
		if err != nil {
			return errors.New("reference is not an id")
		}
		if t := wr.byID[id]; t != nil && wr.inlineFeature(f, name) {
			if cls, ok := arrayClass(t.Type); ok {
				el, _ := t.Get(jsonElements)
				return wr.arrayValue(b, children, name, t.Type, cls, el.Value)
			}
			if nodes, ok := wr.listNodes(t); ok {
				return wr.listValue(b, children, name, nodes)
			}
		}
		return attr(b, name, strconv.Itoa(id))
	}
	switch raw[0] {
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return errors.New("bad string value")
		}
		return attr(b, name, s)
	case '[':
		var vals []json.RawMessage
		if err := json.Unmarshal(raw, &vals); err != nil {
			return errors.New("bad array value")
		}
		strs, allStrings, err := primitiveTexts(vals)
		if err != nil {
			return err
		}
		if allStrings && len(strs) > 0 {
			return childTexts(children, name, strs)
		}
		return attr(b, name, strings.Join(strs, " "))
	case '{':
		return errors.New("object values cannot be written as XMI")
	}
	// number or boolean
	return attr(b, name, string(raw))
}

// arrayValue writes the elements of an array (the JSON %ELEMENTS value) as
// the attribute or child elements called name.
func (wr *writer) arrayValue(b, children *bytes.Buffer, name, typ string, cls valueClass, raw json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return attr(b, name, "")
	}
	if typ == typeByteArray {
		var s string
		if err := json.Unmarshal(raw, &s); err == nil {
			data, err := base64.StdEncoding.DecodeString(s)
			if err != nil {
				return errors.New("byte array is not base64")
			}
			return attr(b, name, strings.ToUpper(hex.EncodeToString(data)))
		}
	}
	if cls == classRef {
		var ids []*int
		if err := json.Unmarshal(raw, &ids); err != nil {
			return errors.New("FSArray elements are not ids")
		}
		return attr(b, name, joinIDs(ids))
	}
	var vals []json.RawMessage
	if err := json.Unmarshal(raw, &vals); err != nil {
		return errors.New("array elements are not a JSON array")
	}
	strs, _, err := primitiveTexts(vals)
	if err != nil {
		return err
	}
	if cls == classString {
		return childTexts(children, name, strs)
	}
	return attr(b, name, strings.Join(strs, " "))
}

func (wr *writer) listValue(b, children *bytes.Buffer, name string, nodes []*cas.FS) error {
	lk, _ := listFamily(nodes[0].Type)
	var strs []string
	for _, n := range nodes {
		if n.Type == lk.empty {
			break
		}
		h, ok := n.Get("head")
		if !ok || string(h.Value) == "null" {
			strs = append(strs, "0")
			continue
		}
		if lk.elem == classRef {
			strs = append(strs, string(bytes.TrimSpace(h.Value)))
			continue
		}
		s, _, err := primitiveTexts([]json.RawMessage{h.Value})
		if err != nil {
			return err
		}
		strs = append(strs, s...)
	}
	if lk.elem == classString {
		return childTexts(children, name, strs)
	}
	return attr(b, name, strings.Join(strs, " "))
}

// primitiveTexts converts JSON values to their XMI text.
func primitiveTexts(vals []json.RawMessage) (strs []string, allStrings bool, err error) {
	allStrings = true
	for _, v := range vals {
		v = bytes.TrimSpace(v)
		if len(v) > 0 && v[0] == '"' {
			var s string
			if err := json.Unmarshal(v, &s); err != nil {
				return nil, false, errors.New("bad string element")
			}
			strs = append(strs, s)
			continue
		}
		allStrings = false
		if len(v) == 0 || v[0] == '[' || v[0] == '{' {
			return nil, false, errors.New("array element is not a primitive value")
		}
		if string(v) == "null" {
			v = []byte("0")
		}
		strs = append(strs, string(v))
	}
	return strs, allStrings, nil
}

func joinIDs(ids []*int) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = "0"
		if id != nil {
			parts[i] = strconv.Itoa(*id)
		}
	}
	return strings.Join(parts, " ")
}

func attr(b *bytes.Buffer, name, val string) error {
	b.WriteByte(' ')
	b.WriteString(name)
	b.WriteString(`="`)
	if err := escape(b, val, true); err != nil {
		return err
	}
	b.WriteByte('"')
	return nil
}

func childTexts(children *bytes.Buffer, name string, vals []string) error {
	for _, v := range vals {
		children.WriteString("    <")
		children.WriteString(name)
		children.WriteByte('>')
		if err := escape(children, v, false); err != nil {
			return err
		}
		children.WriteString("</")
		children.WriteString(name)
		children.WriteString(">\n")
	}
	return nil
}

// escape writes s as XML character data. In attribute values, tabs,
// newlines and carriage returns become character references so that
// attribute value normalisation keeps them; everywhere a carriage return is
// a reference so that line-end normalisation keeps it.
func escape(b *bytes.Buffer, s string, inAttr bool) error {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return fmt.Errorf("invalid UTF-8 at byte offset %d", i)
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"' && inAttr:
			b.WriteString("&quot;")
		case r == '\r':
			b.WriteString("&#13;")
		case r == '\n' && inAttr:
			b.WriteString("&#10;")
		case r == '\t' && inAttr:
			b.WriteString("&#9;")
		case r < 0x20 && r != '\n' && r != '\t', r == 0xFFFE, r == 0xFFFF:
			return fmt.Errorf("character U+%04X at byte offset %d is not allowed in XML 1.0", r, i)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return nil
}

// isNCName reports whether s is a valid XML name without a colon.
func isNCName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_' || unicode.IsLetter(r):
		case i > 0 && (r == '-' || r == '.' || unicode.IsDigit(r)):
		default:
			return false
		}
	}
	return true
}

// WriteTypeSystem writes a UIMA type system description (TypeSystem.xml)
// for ts, so that UIMA and INCEpTION can load a written XMI. Built-in
// uima.cas types are left out; the order is by type name.
func WriteTypeSystem(w io.Writer, ts []*cas.TypeDef) error {
	defs := make([]*cas.TypeDef, 0, len(ts))
	for _, t := range ts {
		if t != nil && !strings.HasPrefix(t.Name, "uima.cas.") && t.Name != cas.TypeAnnotation {
			defs = append(defs, t)
		}
	}
	sort.SliceStable(defs, func(i, j int) bool { return defs[i].Name < defs[j].Name })
	var b bytes.Buffer
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<typeSystemDescription xmlns=\"http://uima.apache.org/resourceSpecifier\">\n  <types>\n")
	el := func(indent, tag, val string) error {
		b.WriteString(indent + "<" + tag + ">")
		if err := escape(&b, val, false); err != nil {
			return fmt.Errorf("xmi: type system: %s: %w", tag, err)
		}
		b.WriteString("</" + tag + ">\n")
		return nil
	}
	for _, t := range defs {
		super := t.Super
		if super == "" {
			super = typeTOP
		}
		b.WriteString("    <typeDescription>\n")
		if err := el("      ", "name", t.Name); err != nil {
			return err
		}
		if err := el("      ", "supertypeName", super); err != nil {
			return err
		}
		if len(t.Features) > 0 {
			b.WriteString("      <features>\n")
			for _, f := range t.Features {
				f = normalizeFeature(f)
				b.WriteString("        <featureDescription>\n")
				if err := el("          ", "name", f.Name); err != nil {
					return err
				}
				if err := el("          ", "rangeTypeName", f.Range); err != nil {
					return err
				}
				if f.ElementType != "" {
					if err := el("          ", "elementType", f.ElementType); err != nil {
						return err
					}
				}
				if f.MultipleReferencesAllowed {
					b.WriteString("          <multipleReferencesAllowed>true</multipleReferencesAllowed>\n")
				}
				b.WriteString("        </featureDescription>\n")
			}
			b.WriteString("      </features>\n")
		}
		b.WriteString("    </typeDescription>\n")
	}
	b.WriteString("  </types>\n</typeSystemDescription>\n")
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("xmi: type system: %w", err)
	}
	return nil
}
