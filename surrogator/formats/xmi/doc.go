// Package xmi reads and writes UIMA CAS XMI, the XML serialisation of a CAS
// that INCEpTION, DKPro Core and Apache UIMA exchange, into and from the
// format-neutral model of package cas.
//
// Conventions (those of Apache UIMA's XmiCasSerializer):
//
//   - A type name a.b.C is the element C in the namespace http:///a/b.ecore;
//     a type without package lives in http:///uima/noNamespace.ecore.
//   - xmi:id is the feature structure id; cas:NULL has id 0.
//   - Primitive features are attributes. References hold the target's
//     xmi:id; several ids are separated by single spaces.
//   - An array or list feature whose feature description does not allow
//     multiple references is written inline: the values of a primitive
//     array as a space separated attribute, the ids of an FSArray likewise,
//     and the strings of a StringArray as child elements <feature>s</feature>.
//     Otherwise the array is an element of its own (cas:FSArray,
//     cas:IntegerArray, ...) and the feature refers to it.
//   - cas:View elements name a sofa and their member ids.
//
// The type system (ReadTypeSystem for a UIMA TypeSystem.xml, or the type
// list of a JSON CAS) decides which attributes are references and how values
// are encoded in the model (numbers, strings, booleans). Types and features
// it does not know are guessed from their values. The built-in uima.cas and
// uima.tcas types are always known.
//
// Ranges in the JSON CAS notation "Elem[]" mean uima.cas.FSArray with element
// type Elem (or the primitive array type for a primitive Elem).
// WriteTypeSystem writes a TypeSystem.xml for a type list, so that a written
// XMI can be loaded by UIMA and INCEpTION.
//
// In the model, arrays are feature structures of their own with the feature
// "%ELEMENTS" (as in the UIMA JSON CAS); an inline array read from XMI gets a
// new id above every id of the document. Float values NaN and ±Infinity are
// kept as strings in a feature named "#name", as the JSON CAS does.
//
// Text is written so that every character survives a round trip through a
// conforming XML parser: newlines, tabs and carriage returns in attribute
// values become character references. Characters XML 1.0 cannot carry (most
// C0 controls, U+FFFE, U+FFFF, invalid UTF-8) make Write fail with an error.
package xmi
