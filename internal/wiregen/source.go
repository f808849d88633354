package wiregen

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
)

// source reads the doc comments and constants of the module's packages
// from their Go files (tests aside), a package when first asked.
type source struct {
	root, module string                // the module's directory and path
	pkgs         map[string]*pkgSource // by package path
	err          error                 // the first package that could not be read
}

// pkgSource is what one package's source says of its types, by name.
type pkgSource struct {
	docs      map[string]string            // a type's doc comment
	fieldDocs map[string]map[string]string // a struct field's doc and line comments, by Go name
	constants map[string][]string          // the string constants of a type, in order
}

// ModuleRoot returns the directory of the module dir is in (the nearest
// with a go.mod, upwards) and the module's path.
func ModuleRoot(dir string) (root, module string, err error) {
	if dir, err = filepath.Abs(dir); err != nil {
		return "", "", fmt.Errorf("wiregen: %w", err)
	}
	for {
		mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			for line := range strings.SplitSeq(string(mod), "\n") {
				if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
					return dir, strings.Trim(strings.TrimSpace(rest), `"`), nil
				}
			}
			return "", "", fmt.Errorf("wiregen: %s has no module line", filepath.Join(dir, "go.mod"))
		}
		if !errors.Is(err, os.ErrNotExist) {
			return "", "", fmt.Errorf("wiregen: %w", err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", "", errors.New("wiregen: no go.mod in the directory or above it")
		}
		dir = parent
	}
}

// readSource returns the source of the module dir is in.
func readSource(dir string) (*source, error) {
	root, module, err := ModuleRoot(dir)
	if err != nil {
		return nil, err
	}
	return &source{root: root, module: module, pkgs: map[string]*pkgSource{}}, nil
}

// pkg returns the source of the package path, or nil outside the module.
func (s *source) pkg(path string) *pkgSource {
	if p, ok := s.pkgs[path]; ok {
		return p
	}
	var p *pkgSource
	if rel, ok := strings.CutPrefix(path, s.module); ok && (rel == "" || rel[0] == '/') {
		var err error
		if p, err = parsePackage(filepath.Join(s.root, filepath.FromSlash(rel))); err != nil && s.err == nil {
			s.err = err
		}
	}
	s.pkgs[path] = p
	return p
}

// typeDoc returns the doc comment of the named type t.
func (s *source) typeDoc(t reflect.Type) string {
	if p := s.pkg(t.PkgPath()); p != nil {
		return p.docs[t.Name()]
	}
	return ""
}

// fieldDoc returns the doc and line comments of the field name of the
// struct type t ("" for an anonymous struct).
func (s *source) fieldDoc(t reflect.Type, name string) string {
	if p := s.pkg(t.PkgPath()); p != nil && t.Name() != "" {
		return p.fieldDocs[t.Name()][name]
	}
	return ""
}

// constants returns the values of the string constants declared of the
// named type t, in their order.
func (s *source) constants(t reflect.Type) []string {
	if p := s.pkg(t.PkgPath()); p != nil {
		return p.constants[t.Name()]
	}
	return nil
}

// parsePackage reads the package in dir.
func parsePackage(dir string) (*pkgSource, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, fmt.Errorf("wiregen: %w", err)
	}
	p := &pkgSource{docs: map[string]string{}, fieldDocs: map[string]map[string]string{}, constants: map[string][]string{}}
	fset := token.NewFileSet()
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("wiregen: %w", err)
		}
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok {
				p.add(gd)
			}
		}
	}
	return p, nil
}

// add records the types and constants of the declaration d.
func (p *pkgSource) add(d *ast.GenDecl) {
	for _, spec := range d.Specs {
		switch spec := spec.(type) {
		case *ast.TypeSpec:
			doc := spec.Doc
			if doc == nil && len(d.Specs) == 1 {
				doc = d.Doc
			}
			p.docs[spec.Name.Name] = doc.Text()
			if st, ok := spec.Type.(*ast.StructType); ok {
				p.fieldDocs[spec.Name.Name] = fieldDocs(st)
			}
		case *ast.ValueSpec:
			typ, ok := spec.Type.(*ast.Ident)
			if d.Tok != token.CONST || !ok || len(spec.Values) != len(spec.Names) {
				continue
			}
			for _, v := range spec.Values {
				if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil {
						p.constants[typ.Name] = append(p.constants[typ.Name], s)
					}
				}
			}
		}
	}
}

// fieldDocs returns the comments of the struct's fields by name: the doc
// comment above and the line comment after, joined.
func fieldDocs(st *ast.StructType) map[string]string {
	docs := map[string]string{}
	for _, f := range st.Fields.List {
		text := strings.TrimSpace(f.Doc.Text() + "\n" + f.Comment.Text())
		for _, n := range f.Names {
			docs[n.Name] = text
		}
	}
	return docs
}
