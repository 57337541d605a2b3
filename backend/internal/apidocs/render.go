package apidocs

import (
	"bytes"
	_ "embed"
	"html/template"
)

//go:embed page.html.tmpl
var pageTemplate string

//go:embed style.css
var stylesheet string

// tmpl is parsed at init so a broken template fails every test immediately
// rather than the first request in production.
var tmpl = template.Must(template.New("page").Funcs(template.FuncMap{
	"fields": func(caption string, props []propertyView) fieldTable {
		return fieldTable{Caption: caption, Properties: props}
	},
}).Parse(pageTemplate))

// fieldTable lets request bodies and schemas share one table template.
type fieldTable struct {
	Caption    string
	Properties []propertyView
}

type pageData struct {
	*page
	// CSS is inlined so the page is a single self-contained response; its
	// hash is what the Content-Security-Policy allows.
	CSS template.CSS
}

func render(p *page) ([]byte, error) {
	var buf bytes.Buffer
	//nolint:gosec // G203: the stylesheet is our own embedded file, not input
	if err := tmpl.Execute(&buf, pageData{page: p, CSS: template.CSS(stylesheet)}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
