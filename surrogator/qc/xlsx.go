package qc

import (
	"archive/zip"
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf16"
)

// writeXLSX writes quality_control.xlsx: a minimal SpreadsheetML workbook
// (ECMA-376: content types, relationships, workbook, styles, one worksheet
// per sheet with inline-string cells), each sheet streamed row by row into
// the zip. excelize's stream writer keeps up to 16 MB of every sheet in
// memory until the workbook is saved, which made a large run's QC report
// the peak of its memory; excelize still reads an edited workbook back
// (ReadToggle) and checks this one in the tests. The bytes depend only on
// the rows.
func writeXLSX(w io.Writer, names []string, rows func(sheet string, emit func([]string) error) error) error {
	zw := zip.NewWriter(w)
	part := func(name string) (io.Writer, error) {
		return zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate})
	}
	fixed := func(name, body string) error {
		pw, err := part(name)
		if err == nil {
			_, err = io.WriteString(pw, xml.Header+body)
		}
		return err
	}
	const (
		ns      = `http://schemas.openxmlformats.org/`
		sheetCT = `application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml`
	)
	var ct, rels, book strings.Builder
	ct.WriteString(`<Types xmlns="` + ns + `package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
		`<Default Extension="xml" ContentType="application/xml"/>` +
		`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
		`<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>`)
	rels.WriteString(`<Relationships xmlns="` + ns + `package/2006/relationships">`)
	book.WriteString(`<workbook xmlns="` + ns + `spreadsheetml/2006/main" xmlns:r="` + ns + `officeDocument/2006/relationships"><sheets>`)
	for i, name := range names {
		n := strconv.Itoa(i + 1)
		fmt.Fprintf(&ct, `<Override PartName="/xl/worksheets/sheet%s.xml" ContentType="%s"/>`, n, sheetCT)
		fmt.Fprintf(&rels, `<Relationship Id="rId%s" Type="%sofficeDocument/2006/relationships/worksheet" Target="worksheets/sheet%s.xml"/>`, n, ns, n)
		fmt.Fprintf(&book, `<sheet name="%s" sheetId="%s" r:id="rId%s"/>`, escapeXML(name), n, n)
	}
	styles := len(names) + 1
	fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="%sofficeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`, styles, ns)
	ct.WriteString(`</Types>`)
	book.WriteString(`</sheets></workbook>`)
	for _, f := range []struct{ name, body string }{
		{"[Content_Types].xml", ct.String()},
		{"_rels/.rels", `<Relationships xmlns="` + ns + `package/2006/relationships"><Relationship Id="rId1" Type="` + ns + `officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", book.String()},
		{"xl/_rels/workbook.xml.rels", rels.String()},
		{"xl/styles.xml", `<styleSheet xmlns="` + ns + `spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
			`<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
			`<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
			`<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
			`<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>` +
			`<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`},
	} {
		if err := fixed(f.name, f.body); err != nil {
			return err
		}
	}
	for i, name := range names {
		pw, err := part("xl/worksheets/sheet" + strconv.Itoa(i+1) + ".xml")
		if err != nil {
			return err
		}
		bw := bufio.NewWriterSize(pw, 64<<10)
		bw.WriteString(xml.Header + `<worksheet xmlns="` + ns + `spreadsheetml/2006/main"><sheetData>`)
		r, dropped := 0, 0
		writeRow := func(row []string) error {
			r++
			rn := strconv.Itoa(r)
			bw.WriteString(`<row r="` + rn + `">`)
			for c, v := range row[:min(len(row), maxCols)] { // the CSV files hold every column
				if v == "" {
					continue
				}
				bw.WriteString(`<c r="` + column(c) + rn + `" t="inlineStr"><is><t xml:space="preserve">`)
				bw.WriteString(escapeXML(escapeXHHHH(cellText(v))))
				bw.WriteString(`</t></is></c>`)
			}
			_, err := bw.WriteString(`</row>`)
			return err
		}
		err = rows(name, func(row []string) error {
			if r >= maxRows-1 { // the sheet's last row says what is missing
				dropped++
				return nil
			}
			return writeRow(row)
		})
		if err == nil && dropped > 0 {
			err = writeRow([]string{fmt.Sprintf("… %d more rows: a sheet holds %d; every row is in %s (and the CSV files)", dropped, maxRows, FileJSON)})
		}
		if err != nil {
			return err
		}
		bw.WriteString(`</sheetData></worksheet>`)
		if err := bw.Flush(); err != nil {
			return err
		}
	}
	return zw.Close()
}

// column is the letter name of a 0-based column (A, …, Z, AA, …).
func column(c int) string {
	var b []byte
	for c++; c > 0; c = (c - 1) / 26 {
		b = append([]byte{byte('A' + (c-1)%26)}, b...)
	}
	return string(b)
}

// maxCell is the most a cell may hold: 32,767 UTF-16 code units.
const maxCell = 32767

// maxRows and maxCols bound a worksheet (ECMA-376, Excel, LibreOffice).
const maxRows, maxCols = 1 << 20, 1 << 14

// cellText cuts a value to what a cell may hold.
func cellText(v string) string {
	if len(v) <= maxCell {
		return v
	}
	n := 0
	for i, r := range v {
		n += len(utf16.AppendRune(nil, r))
		if n > maxCell {
			return v[:i]
		}
	}
	return v
}

// escapeXML escapes a value for XML character data; characters XML 1.0
// cannot hold (control characters, invalid UTF-8) become U+FFFD.
func escapeXML(v string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(v))
	return b.String()
}

// escapeXHHHH protects a literal "_xHHHH_" in a cell (ECMA-376
// ST_Xstring: Excel and excelize read it as the character U+HHHH) by
// escaping its underscore as _x005F_, as excelize does.
func escapeXHHHH(v string) string {
	if !strings.Contains(v, "_x") {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '_' && i+7 <= len(v) && v[i+1] == 'x' && v[i+6] == '_' && isHex4(v[i+2:i+6]) {
			b.WriteString("_x005F_")
			continue
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

func isHex4(s string) bool {
	for _, c := range []byte(s) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}
